import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { cachedMenuVersion, userMenu } from './menus.service';

/** The response header naming the version of the caller's menu (docs/web-contract.md). */
export const MENU_VERSION_HEADER = 'X-Menu-Version';

/**
 * Every answer to a signed-in caller says which menu they would get now, as `X-Menu-Version` (issue 12): the
 * web app loads the menu once (SPEC §2) and asks again only when an answer names another version, so an
 * administrator's change — a menu renamed, moved or hidden, a permission granted or withdrawn — shows on the
 * user's next click. The version is a hash of GET /api/user/menu's answer for the caller's permissions, so it
 * changes exactly when what this user sees does.
 *
 * Registered on the root instance by app.ts before the routes, so it applies to every one of them; `request.caller` is set by the sign-in
 * hook of the route's own scope. A warm request finds the version in the access cache (no query, no hash). An
 * answer without a caller gets no header, and a version that cannot be worked out (the database is down) is
 * left out: it never turns an answer into an error.
 */
export function addMenuVersionHeader(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const caller = request.caller;
    // GET /api/user/menu has set it from its own body.
    if (!caller || reply.hasHeader(MENU_VERSION_HEADER)) return done(null, payload);
    const cached = cachedMenuVersion(ctx, caller);
    if (cached !== undefined) {
      reply.header(MENU_VERSION_HEADER, cached);
      return done(null, payload);
    }
    userMenu(ctx, caller).then(
      ({ version }) => {
        reply.header(MENU_VERSION_HEADER, version);
        done(null, payload);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'menu version not computed; answered without X-Menu-Version');
        done(null, payload);
      },
    );
  });
}

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
 * hook of the route's own scope (onRequest, which runs before any preHandler). The version is the one before the
 * handler ran: a change the handler makes shows from the next answer (an administrator's own menu edits refetch the
 * menu themselves). A warm request finds the version in the access cache (no query, no hash). An
 * answer without a caller gets no header, and a version that cannot be worked out (the database is down) is
 * left out: it never turns an answer into an error.
 */
export function addMenuVersionHeader(app: FastifyInstance, ctx: AppContext): void {
  // preHandler, not onSend: it runs once the scope's sign-in hook has named the caller, and an onSend hook put every
  // answer through Fastify's payload hook chain, about 6 µs of a 40 µs profile request (docs/performance.md). A
  // callback hook whose warm path returns at once costs no promise.
  app.addHook('preHandler', (request, reply, done) => {
    const caller = request.caller;
    if (!caller) return done();
    const cached = cachedMenuVersion(ctx, caller);
    if (cached !== undefined) {
      reply.header(MENU_VERSION_HEADER, cached);
      return done();
    }
    userMenu(ctx, caller).then(
      ({ version }) => {
        reply.header(MENU_VERSION_HEADER, version);
        done();
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'menu version not computed; answered without X-Menu-Version');
        done();
      },
    );
  });
}

import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { CommonMessages, StatusCode } from '@osp/shared';
import type { Config } from './config';
import type { AppContext } from './context';
import { sql } from 'kysely';
import type { DbHandle } from './db/index';
import { listenToChannel } from './db/notifications';
import { registerErrorHandling } from './http/error-handler';
import { isApiPath, registerSecurityHeaders } from './http/security-headers';
import { stdoutLog } from './lib/log-destination';
import { adminOrgRoutes } from './modules/admin-org/admin-org.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { articleAnswers, isArticleAnswerWrite } from './modules/articles/articles.answers';
import { articlesRoutes } from './modules/articles/articles.routes';
import { surveyFillRoutes } from './modules/surveys/survey-fill.routes';
import { surveyResultsRoutes } from './modules/surveys/survey-results.routes';
import { surveysAdminRoutes } from './modules/surveys/surveys.routes';
import { articleTypesRoutes } from './modules/articles/article-types.routes';
import { pointsRoutes } from './modules/points/points.routes';
import { AccessCache, isAccessWrite } from './modules/auth/access-cache';
import { authRoutes } from './modules/auth/auth.routes';
import { billBoxCache, isBoxWrite } from './modules/bills/bills.box-cache';
import { billsRoutes } from './modules/bills/bills.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { entrustRoutes } from './modules/entrust/entrust.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { handoverRoutes } from './modules/handover/handover.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { holidayRoutes } from './modules/holiday/holiday.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { addMenuVersionHeader } from './modules/menus/menus.hook';
import { menusRoutes } from './modules/menus/menus.routes';
import { startNoticeMail } from './modules/notifications/notifications.mail';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { securityLogRoutes } from './modules/security-log/security-log.routes';
import { clientOf, recordSecurityEvent } from './modules/security-log/security-log.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { syslogRoutes } from './modules/syslog/syslog.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { usersRoutes } from './modules/users/users.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The access cache of this app, for tests that change the database directly. */
    accessCache: AccessCache;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DbHandle;
  /** Tests pass false to keep their output clean. */
  logger?: boolean;
}

export async function buildApp({ config, database, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // Never write credentials to the log (DESIGN §5a).
          redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.passwd'],
          stream: stdoutLog(),
        }
      : false,
    // Fastify's own two lines per request are replaced by the one onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const access = new AccessCache(config.session.accessCache);
  const ctx: AppContext = { db: database.db, engine: database.engine, config, log: app.log, access };
  app.decorate('accessCache', access);
  shareAccessCache(app, ctx, database);
  // Whatever code commits a change to users, departments, roles, grants, sessions or menus empties the cache.
  const stopWatching = database.writes.listen({ matches: isAccessWrite, afterCommit: () => access.changed() });
  // Likewise the readers' kept answers of the articles (articles.answers.ts).
  const answers = articleAnswers(ctx);
  const stopWatchingArticles = database.writes.listen({ matches: isArticleAnswerWrite, afterCommit: () => answers.changed() });
  app.addHook('onClose', async () => {
    stopWatching();
    stopWatchingArticles();
  });

  app.decorateRequest('caller', null);
  // One line per request with who asked and from which area of the app (the Service header).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.caller?.username,
        service: request.headers.service,
      },
      'request',
    );
  });

  drainOnClose(app);
  registerSecurityHeaders(app);
  await app.register(multipart, { limits: { fileSize: config.avatar.maxBytes, files: 1, fields: 10 } });

  registerErrorHandling(app, {
    onForbidden: async (request, error) => {
      try {
        await recordSecurityEvent(ctx.db, {
          event: 'authz_fail',
          userId: request.caller?.userId ?? null,
          username: request.caller?.username ?? '',
          client: clientOf(request),
          detail: `${request.method} ${request.url.split('?')[0] ?? ''}：${error.message}`,
        });
      } catch (failure) {
        request.log.error({ err: failure }, 'security event not recorded');
      }
    },
  });

  addMenuVersionHeader(app, ctx);
  await app.register(healthRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(directoryRoutes(ctx));
  await app.register(menusRoutes(ctx));
  await app.register(holidayRoutes(ctx));
  await app.register(articlesRoutes(ctx));
  await app.register(surveyFillRoutes(ctx));
  await app.register(surveyResultsRoutes(ctx));
  await app.register(surveysAdminRoutes(ctx));
  await app.register(articleTypesRoutes(ctx));
  await app.register(pointsRoutes(ctx));
  await app.register(syslogRoutes(ctx));
  await app.register(securityLogRoutes(ctx));
  await app.register(adminOrgRoutes(ctx));
  await app.register(adminUsersRoutes(ctx));
  await app.register(passwordResetRoutes(ctx));
  await app.register(templatesRoutes(ctx));
  await app.register(jobsRoutes(ctx));
  await app.register(billsRoutes(ctx));
  await app.register(entrustRoutes(ctx));
  await app.register(exportsRoutes(ctx));
  await app.register(handoverRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  startNoticeMail(app, ctx);

  await serveWebApp(app, config);
  return app;
}

/**
 * Shutdown in seconds, not a keep-alive timeout (issue 11, item 5). Fastify's close() stops listening,
 * answers requests that arrive on open connections with 503 and closes the connections idle at that
 * moment; a connection busy at that moment would stay open after its answer, idle, until its 72 s
 * keep-alive ran out, holding close() open. So every answer sent once closing has begun says
 * `Connection: close`, and the connection ends with it.
 */
function drainOnClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
}

// Migration 0039's triggers notify on this channel by its name (`box:` payloads).
const ACCESS_CHANNEL = 'osp_access';
/** The payload that empties the articles' kept answers only; none empties the access cache. */
const ARTICLES_PAYLOAD = 'articles';

/**
 * On PostgreSQL several server processes may share the database (DESIGN §9): each one's access
 * cache is emptied by a NOTIFY from whichever process made a change. The cache answers only while
 * the LISTEN connection is up. SQLite is served by one process, so nothing is shared there.
 */
function shareAccessCache(app: FastifyInstance, ctx: AppContext, database: DbHandle): void {
  if (!database.postgresUrl || !ctx.config.session.accessCache) return;
  ctx.access.setShared(false);
  ctx.access.setBroadcast(async () => {
    await sql.raw(`notify ${ACCESS_CHANNEL}`).execute(ctx.db);
  });
  // The articles' kept answers ride on the same channel, under a payload of their own: answered only while it is up.
  const answers = articleAnswers(ctx);
  answers.setBroadcast(async () => {
    await sql.raw(`notify ${ACCESS_CHANNEL}, '${ARTICLES_PAYLOAD}'`).execute(ctx.db);
  });
  // And the database itself names, under `box:`, the people whose 待办 and dashboard answers a commit changed.
  const boxes = billBoxCache(ctx);
  boxes.hearChanges(async (marker) => {
    await sql`select pg_notify(${ACCESS_CHANNEL}, ${marker})`.execute(ctx.db);
  });
  const stopWatchingBoxes = database.writes.listen({ matches: isBoxWrite, afterCommit: () => boxes.afterLocalWrite() });
  const stop = listenToChannel(database.postgresUrl, ACCESS_CHANNEL, {
    onMessage: (payload) => {
      if (payload === ARTICLES_PAYLOAD) answers.clearLocal();
      else if (!boxes.heard(payload)) ctx.access.clearLocal();
    },
    onUp: (backendPid) => {
      ctx.access.channelBackendPid = backendPid;
      ctx.access.setShared(true);
    },
    onDown: (error) => {
      ctx.access.setShared(false);
      app.log.warn({ err: error }, 'access cache off: the change channel to other server processes is down');
    },
  });
  app.addHook('onClose', async () => {
    stopWatchingBoxes();
    await stop();
  });
}

/** index.html and its compressed copies: the document that names the current assets. */
const INDEX_FILES = new Set(['index.html', 'index.html.br', 'index.html.gz']);

/**
 * Serves the built web app, answering index.html for its client-side routes. The web build writes a
 * brotli and a gzip copy beside every text file of 1 KB or more (apps/web/build/compress-assets.ts);
 * `preCompressed` sends the best one the browser accepts, with the original's Content-Type and
 * `Vary: Accept-Encoding`, and the plain file otherwise (issue 12). reply.sendFile, which answers
 * index.html, negotiates the same way.
 */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    // Wildcard mode looks files up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      // `filePath` is the file sent, which may be the .br or .gz copy: both live beside the original.
      // These run after @fastify/send has set its own `public, max-age=0`, which they replace.
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: a changed file is a new URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // index.html names the current assets, so the browser asks again every time (a 304 if unchanged).
        else if (INDEX_FILES.has(path.basename(filePath))) res.header('cache-control', 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = isApiPath(pathname);
    if (hasWebApp && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status_code: StatusCode.notFound, message: CommonMessages.routeNotFound(request.method, pathname), data: null });
  });
}

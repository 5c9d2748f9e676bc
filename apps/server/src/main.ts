import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { seedDemo, seedProduction } from './seed/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  // The pool exists before the app (and its logger) does; its error handler looks the app up later.
  const running: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  const database = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    onPoolError: (error) => running.app?.log.error({ err: error }, 'idle database connection failed'),
  });
  await migrateToLatest(database);
  const seeded = config.seedDemo ? await seedDemo(database.db) : await seedProduction(database.db, config.adminPassword);

  const app = await buildApp({ config, database });
  running.app = app;
  if (seeded) app.log.info(config.seedDemo ? 'demo company seeded (password Demo@1234)' : 'administrator account created');

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'draining in-flight requests');
    // A request that has not finished by then is cut, so that the process is gone well inside an
    // orchestrator's grace period (30 s by default) rather than killed in the middle of a write.
    const deadline = setTimeout(() => {
      app.log.error({ afterMs: config.shutdownGraceMs }, 'requests still running at the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownGraceMs);
    deadline.unref();
    // close() stops accepting connections and waits for the requests under way to finish (app.ts drainOnClose).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `node --import tsx bench/articles-explain.ts`: what the articles' reading statements cost at the articles suite's
 * size, and how each engine runs them. Per engine of BENCH_ENGINES: a fresh database, the OSP server's first start,
 * bench/lib/articles-seed.ts (BENCH_ARTICLES, default 10 000); then, in this process, the repository functions the
 * reader's endpoints call (articles.repo.ts, as they are — nothing is copied) run against it as zhangsan, each
 * statement they send is caught through Kysely's log, timed alone (median of `BENCH_EXPLAIN_RUNS`, default 30,
 * one at a time) and explained: `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN (ANALYZE, BUFFERS)` on PostgreSQL. On
 * PostgreSQL each statement is also timed with `jit = off`: the planner's cost of the audience rule crosses
 * jit_above_cost, and compiling the plan costs more than running it.
 *
 * `BENCH_EXPLAIN_TRY='create index …; create index …'` runs those statements after the first pass (then ANALYZE on
 * PostgreSQL) and does the pass again: an index is tried before a migration is written. `BENCH_EXPLAIN_AUDIENCE=1`
 * adds to that second pass a column the articles do not have, `audience_some` (1: the article names departments,
 * roles or people), with an index, and times the list's count written with it: what "for everyone" as a column
 * instead of two NOT EXISTS per article would save.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent, type SqlBool } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema';
import * as repo from '../apps/server/src/modules/articles/articles.repo';
import { ARTICLES_USER, seedArticles } from './lib/articles-seed';
import { loadBenchConfig, type BenchConfig } from './lib/config';
import { prepareEngine, type EngineSetup } from './lib/engines';
import { median } from './lib/load';
import { installExitHandlers, runThenCleanUp, stopServer } from './lib/processes';
import { startOsp } from './lib/targets';

interface Caught {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs one SQL text with its parameters, and explains it, on the engine's own driver. */
interface Explainer {
  /** Ways of running a statement that are timed side by side (PostgreSQL: with and without JIT). */
  modes: readonly string[];
  run(statement: Caught, mode?: string): Promise<void>;
  exec(sql: string): Promise<void>;
  explain(statement: Caught): Promise<string>;
  close(): Promise<void>;
}

function sqliteExplainer(file: string): { db: Kysely<Database>; explainer: Explainer; caught: Caught[] } {
  const caught: Caught[] = [];
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  const log = (event: LogEvent) => {
    caught.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log });
  const bind = (parameters: readonly unknown[]) => parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));
  return {
    db,
    caught,
    explainer: {
      modes: ['default'],
      run: async ({ sql, parameters }) => {
        database.prepare(sql).all(...bind(parameters));
      },
      exec: async (sql) => {
        database.exec(sql);
      },
      explain: async ({ sql, parameters }) => {
        const rows = database.prepare(`explain query plan ${sql}`).all(...bind(parameters)) as {
          id: number;
          parent: number;
          detail: string;
        }[];
        const depth = new Map<number, number>([[0, 0]]);
        return rows
          .map((row) => {
            const level = (depth.get(row.parent) ?? 0) + 1;
            depth.set(row.id, level);
            return `${'  '.repeat(level)}${row.detail}`;
          })
          .join('\n');
      },
      close: async () => {
        await db.destroy();
      },
    },
  };
}

function pgExplainer(url: string): { db: Kysely<Database>; explainer: Explainer; caught: Caught[] } {
  const caught: Caught[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const noJit = new pg.Client({ connectionString: url });
  const noJitReady = noJit.connect().then(() => noJit.query('set jit = off'));
  const log = (event: LogEvent) => {
    caught.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    caught,
    explainer: {
      modes: ['jit on (default)', 'jit off'],
      run: async ({ sql, parameters }, mode) => {
        if (mode === 'jit off') {
          await noJitReady;
          await noJit.query(sql, [...parameters]);
        } else await pool.query(sql, [...parameters]);
      },
      exec: async (sql) => {
        await pool.query(sql);
        await pool.query('analyze');
      },
      explain: async ({ sql, parameters }) => {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, [...parameters]);
        return rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n');
      },
      close: async () => {
        await noJitReady;
        await noJit.end();
        await db.destroy();
      },
    },
  };
}

/** zhangsan as articles.audience.ts readerOf sees him: his roles and his department with those above it. */
async function readerOf(db: Kysely<Database>): Promise<repo.Reader> {
  const user = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', ARTICLES_USER).executeTakeFirstOrThrow();
  const roles = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', user.id).execute();
  const depts = await db.selectFrom('depts').select(['id', 'parent_id']).execute();
  const chain: number[] = [];
  for (let at = user.dept_id; at !== null && !chain.includes(at); at = depts.find((d) => d.id === at)?.parent_id ?? null) chain.push(at);
  return { userId: user.id, roleIds: roles.map((r) => r.role_id), deptChain: chain };
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function explainEngine(setup: EngineSetup, config: BenchConfig, runs: number): Promise<void> {
  console.log(`\n===== ${setup.engine}: first start, then ${config.articles.count.toLocaleString('en-US')} articles`);
  const started = await startOsp(setup, config, '/api/user/profile');
  await stopServer(started.server);
  const seed = await seedArticles(setup, { articles: config.articles.count });
  console.log(`seeded in ${seed.seconds.toFixed(1)} s; ${seed.benchUser} may read ${seed.readable}, ${seed.unread} unread`);
  const { db, explainer, caught } =
    setup.engine === 'sqlite'
      ? sqliteExplainer(path.join(setup.ospEnv.DATA_DIR ?? '', 'osp.sqlite'))
      : pgExplainer(setup.ospEnv.DATABASE_URL ?? '');
  try {
    const reader = await readerOf(db);
    console.log(`reader: ${JSON.stringify(reader)}`);
    await pass(db, explainer, caught, reader, runs);
    const audienceColumn = process.env.BENCH_EXPLAIN_AUDIENCE === '1';
    const tried = [
      process.env.BENCH_EXPLAIN_TRY?.trim() ?? '',
      ...(audienceColumn
        ? [
            'alter table articles add column audience_some integer not null default 0',
            `update articles set audience_some = 1 where exists (select 1 from article_audience aa where aa.article_id = articles.id)
               or exists (select 1 from article_audience_rules ar where ar.article_id = articles.id)`,
            'create index articles_audience_some_idx on articles (status, audience_some, published_at, expire_at, type_id)',
          ]
        : []),
    ]
      .filter((statement) => statement !== '')
      .join(';\n');
    if (tried) {
      console.log(`\n===== ${setup.engine}: again after\n${tried}`);
      await explainer.exec(tried);
      await pass(db, explainer, caught, reader, runs, audienceColumn);
    }
  } finally {
    await explainer.close();
  }
}

async function firstTypeId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('article_types').select('id').orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The dashboard card's rows as one statement per type, each under the readers' own rule (repo.readableBy). */
async function latestPerType(db: Kysely<Database>, reader: repo.Reader, now: string, perType: number): Promise<unknown[]> {
  const types = await db.selectFrom('article_types').select('id').orderBy('sort').orderBy('id').execute();
  const pages = [...types.map((t) => t.id), null].map((typeId) =>
    db
      .selectFrom('articles')
      .where(repo.readableBy(reader, now))
      .where('articles.type_id', typeId === null ? 'is' : '=', typeId)
      .select(['articles.id', 'articles.title', 'articles.published_at', 'articles.is_pinned'])
      .orderBy('articles.is_pinned', 'desc')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(perType)
      .execute(),
  );
  return (await Promise.all(pages)).flat();
}

/**
 * The list's count with "for everyone" read from the column `audience_some` (added by BENCH_EXPLAIN_AUDIENCE): the
 * people's and rules' tables are asked only about articles that name someone.
 */
function countWithAudienceColumn(db: Kysely<Database>, reader: repo.Reader, now: string) {
  return db
    .selectFrom('articles')
    .where('articles.status', '=', 1)
    .where((eb) => eb.or([eb('articles.published_at', 'is', null), eb('articles.published_at', '<=', now)]))
    .where((eb) => eb.or([eb('articles.expire_at', 'is', null), eb('articles.expire_at', '>', now)]))
    .where((eb) => {
      const people = eb.selectFrom('article_audience as aa').select('aa.article_id').whereRef('aa.article_id', '=', 'articles.id');
      const rules = eb.selectFrom('article_audience_rules as ar').select('ar.article_id').whereRef('ar.article_id', '=', 'articles.id');
      return eb.or([
        sql<SqlBool>`articles.audience_some = 0`,
        eb.exists(people.where('aa.user_id', '=', reader.userId)),
        eb.exists(rules.where('ar.kind', '=', 'dept').where('ar.ref_id', 'in', [...reader.deptChain])),
        eb.exists(rules.where('ar.kind', '=', 'role').where('ar.ref_id', 'in', [...reader.roleIds])),
      ]);
    })
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
}

async function pass(
  db: Kysely<Database>,
  explainer: Explainer,
  caught: Caught[],
  reader: repo.Reader,
  runs: number,
  audienceColumn = false,
): Promise<void> {
  const now = new Date().toISOString();
  const calls: [string, () => Promise<unknown>][] = [
    [
      'findReadableArticles (GET /api/employ/article, page 1)',
      () => repo.findReadableArticles(db, reader, now, {}, { offset: 0, limit: 20 }),
    ],
    ['findLatestReadableByType (GET /api/dashboard/article)', () => repo.findLatestReadableByType(db, reader, now, 5)],
    ['findPendingForcedArticleId (GET /api/article/force/view)', () => repo.findPendingForcedArticleId(db, reader, now)],
    [
      'findReadableArticles filtered by the first type (GET /api/employ/article?type_id=…)',
      async () => repo.findReadableArticles(db, reader, now, { typeId: await firstTypeId(db) }, { offset: 0, limit: 20 }),
    ],
    // Not the repository's: what the dashboard's card would cost as one small page per type (the list's own
    // statement with type_id and limit 5) instead of a window over every readable article.
    ['proposal: the latest 5 of each type, one page per type', () => latestPerType(db, reader, now, 5)],
  ];
  if (audienceColumn) calls.push(['proposal: the list count with articles.audience_some', () => countWithAudienceColumn(db, reader, now)]);
  for (const [name, call] of calls) {
    caught.length = 0;
    await call();
    const statements = [...caught];
    caught.length = 0;
    // The repository's call as a whole: its statements run concurrently where it awaits them together.
    const whole = await timed(runs, call);
    console.log(`\n--- ${name}: ${whole.toFixed(2)} ms a call (median of ${runs})`);
    for (const statement of statements) {
      const times: string[] = [];
      for (const mode of explainer.modes) {
        const alone = await timed(runs, () => explainer.run(statement, mode));
        times.push(`${alone.toFixed(2)} ms${explainer.modes.length > 1 ? ` ${mode}` : ''}`);
      }
      console.log(`\n  statement, alone: ${times.join(', ')}\n  ${statement.sql}\n  parameters ${JSON.stringify(statement.parameters)}`);
      console.log(await explainer.explain(statement));
    }
  }
}

async function main(): Promise<number> {
  installExitHandlers();
  const config = loadBenchConfig();
  const runs = Number(process.env.BENCH_EXPLAIN_RUNS ?? 30);
  for (const engine of config.engines) {
    const preparation = await prepareEngine(engine, config);
    if (!preparation.ok) {
      console.log(`${engine}: skipped — ${preparation.reason}`);
      continue;
    }
    try {
      await explainEngine(preparation.setup, config, runs);
    } finally {
      await preparation.setup.dispose();
    }
  }
  return 0;
}

runThenCleanUp(main);

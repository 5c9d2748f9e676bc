/**
 * The articles suite (issue 15's Bench proof): per engine a fresh database, migrated and seeded with the demo
 * company by the OSP server's first start, then filled by bench/lib/articles-seed.ts with `config.articles.count`
 * articles. Measured like every other target (autocannon, warm-up, median of runs), signed in as zhangsan:
 * his article list (GET /api/employ/article, page 1, 20 a page), the home page's announcements by type
 * (GET /api/dashboard/article) and the dashboard counts (GET /api/dashboard) — each against a hello-world
 * baseline measured in this same section, just before them, so that the ratio compares like with like on a
 * machine whose speed drifts from one quarter hour to the next.
 */
import pg from 'pg';
import type { BenchConfig, EngineName } from './config';
import { prepareEngine, type EngineSetup } from './engines';
import { envelopeOf, requestJson } from './http';
import { measure, type Measurement } from './load';
import { stopServer } from './processes';
import { ARTICLES_USER, seedArticles, type ArticlesSeedResult } from './articles-seed';
import { startOsp, TARGETS, type Started } from './targets';

export const ARTICLES_GOALS = { minRatio: 0.2, maxP99Ms: 25 } as const;
const PASSWORD = 'Demo@1234';

export type ArticlesTargetKind = 'hello' | 'list' | 'dashboard-article' | 'dashboard';

export interface ArticlesGoalCheck {
  ratioMet: boolean;
  p99Met: boolean;
  clean: boolean;
  met: boolean;
}

export interface ArticlesTargetResult {
  kind: ArticlesTargetKind;
  label: string;
  measurement?: Measurement;
  /** Requests/s as a share of this section's hello-world baseline. */
  ratio?: number;
  goal?: ArticlesGoalCheck;
  error?: string;
}

export interface ArticlesSection {
  seed?: ArticlesSeedResult;
  targets: ArticlesTargetResult[];
  skipped?: string;
}

interface OspTarget {
  kind: Exclude<ArticlesTargetKind, 'hello'>;
  path: string;
  /** What the answer must say about the seeded data before it is measured: a wrong page is not timed. */
  check: (data: unknown, seed: ArticlesSeedResult) => string | undefined;
}

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null && name in data ? (data as Record<string, unknown>)[name] : undefined;

const OSP_TARGETS: readonly OspTarget[] = [
  {
    kind: 'list',
    path: '/api/employ/article?page=1&per_page=20',
    check: (data, seed) => {
      const total = field(data, 'total');
      const list = field(data, 'list');
      if (total !== seed.readable) return `total ${String(total)}, but ${seed.readable} articles are meant for ${ARTICLES_USER}`;
      if (!Array.isArray(list) || list.length !== Math.min(20, seed.readable))
        return `a page of ${Array.isArray(list) ? list.length : '?'} rows`;
      return undefined;
    },
  },
  {
    kind: 'dashboard-article',
    path: '/api/dashboard/article',
    check: (data, seed) => {
      const unread = field(data, 'unread');
      const types = field(data, 'types');
      if (unread !== seed.unread) return `unread ${String(unread)}, but ${seed.unread} of his articles are neither opened nor confirmed`;
      // Six types and the untyped ones.
      if (!Array.isArray(types) || types.length !== seed.types + 1) return `${Array.isArray(types) ? types.length : '?'} type groups`;
      return undefined;
    },
  },
  { kind: 'dashboard', path: '/api/dashboard', check: (data) => (typeof field(data, 'todo') === 'number' ? undefined : 'no todo count') },
];

/** The first start migrates and seeds the demo company; the server is stopped before the generator writes. */
async function firstStart(setup: EngineSetup, config: BenchConfig): Promise<void> {
  const started = await startOsp(setup, config, '/api/user/profile');
  await stopServer(started.server);
}

async function measureTarget(
  kind: ArticlesTargetKind,
  label: string,
  setup: EngineSetup,
  config: BenchConfig,
  start: () => Promise<Started>,
): Promise<ArticlesTargetResult> {
  const result: ArticlesTargetResult = { kind, label };
  console.log(`\n[${setup.engine}] ${label}`);
  let started: Started | undefined;
  try {
    started = await start();
    const { server } = started;
    console.log(`  started (pid ${server.pid}); warming up ${config.warmup} s, then ${config.runs} × ${config.duration} s`);
    result.measurement = await measure(started.load, config, (i, run) => {
      const failed = run.non2xx + run.errors;
      const cpu = run.serverCpuUs === undefined ? '' : `, server ${Math.round(run.serverCpuUs)} µs CPU/req`;
      console.log(`  run ${i + 1}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms${cpu}${failed ? `, ${failed} FAILED requests` : ''}`);
    });
    if (server.hasExited()) throw new Error(`${server.name} ended during the measurement\n${server.stderrTail()}`);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${result.error}`);
  } finally {
    if (started) await stopServer(started.server);
  }
  return result;
}

/** Starts OSP signed in as zhangsan and checks the answer against the seed before the load. */
async function startChecked(setup: EngineSetup, config: BenchConfig, target: OspTarget, seed: ArticlesSeedResult): Promise<Started> {
  const started = await startOsp(setup, config, target.path, [], { username: ARTICLES_USER, password: PASSWORD });
  try {
    const { body } = await requestJson(started.load.url, { headers: started.load.headers ?? {} });
    const wrong = target.check(envelopeOf(body)?.data, seed);
    if (wrong) throw new Error(`GET ${target.path} answered wrongly for the seeded data: ${wrong}`);
    return started;
  } catch (error) {
    await stopServer(started.server);
    throw error;
  }
}

/** `jit = off` for every later session of the OSP database (the servers the targets start). */
async function jitOff(setup: EngineSetup): Promise<void> {
  const client = new pg.Client({ connectionString: setup.ospEnv.DATABASE_URL ?? '' });
  await client.connect();
  try {
    await client.query("do $$ begin execute format('alter database %I set jit = off', current_database()); end $$");
  } finally {
    await client.end();
  }
}

export function checkArticlesGoal(measurement: Measurement, ratio: number | undefined): ArticlesGoalCheck {
  const ratioMet = ratio !== undefined && ratio >= ARTICLES_GOALS.minRatio;
  const p99Met = measurement.p99 < ARTICLES_GOALS.maxP99Ms;
  const clean = measurement.failures === 0;
  return { ratioMet, p99Met, clean, met: ratioMet && p99Met && clean };
}

export async function runArticlesSuite(engine: EngineName, config: BenchConfig): Promise<ArticlesSection> {
  const section: ArticlesSection = { targets: [] };
  const preparation = await prepareEngine(engine, config);
  if (!preparation.ok) {
    section.skipped = preparation.reason;
    console.log(`\n[${engine}] articles SKIPPED: ${preparation.reason}`);
    return section;
  }
  const { setup } = preparation;
  const count = config.articles.count;
  try {
    console.log(`\n[${engine}] articles: first start (migrations, demo company), then ${count.toLocaleString('en-US')} articles`);
    await firstStart(setup, config);
    const seed = await seedArticles(setup, { articles: count });
    section.seed = seed;
    if (engine === 'postgres' && config.articles.pgJit === 'off') {
      await jitOff(setup);
      console.log('  jit = off for the database (BENCH_PG_JIT=off)');
    }
    console.log(
      `  seeded ${count.toLocaleString('en-US')} articles (${seed.rows.toLocaleString('en-US')} rows) in ${seed.seconds.toFixed(1)} s; ` +
        `${seed.benchUser} may read ${seed.readable}, ${seed.unread} unread, ${seed.pendingForced} forced pending`,
    );
    const hello = TARGETS.find((t) => t.id === 'hello');
    if (hello) section.targets.push(await measureTarget('hello', hello.label, setup, config, () => hello.start(setup, config)));
    for (const target of OSP_TARGETS) {
      const label = `OSP GET ${target.path} (${ARTICLES_USER})`;
      section.targets.push(await measureTarget(target.kind, label, setup, config, () => startChecked(setup, config, target, seed)));
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${message}`);
    section.targets.push({ kind: 'list', label: `articles data set of ${count.toLocaleString('en-US')}`, error: message });
  } finally {
    await setup.dispose();
  }
  const baseline = section.targets.find((t) => t.kind === 'hello')?.measurement;
  for (const target of section.targets) {
    if (target.kind === 'hello' || !target.measurement) continue;
    if (baseline) target.ratio = target.measurement.rps / baseline.rps;
    target.goal = checkArticlesGoal(target.measurement, target.ratio);
  }
  return section;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: servers are started from here so that `--import tsx` resolves. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type EngineName = 'sqlite' | 'postgres';
export type SuiteName = 'foundation' | 'bills' | 'articles' | 'surveys';
const SUITES: readonly SuiteName[] = ['foundation', 'bills', 'articles', 'surveys'];

export interface BenchConfig {
  /** Seconds per measured run. */
  duration: number;
  /** Measured runs per target; the median is reported. */
  runs: number;
  connections: number;
  /** Seconds of discarded load before the measured runs. */
  warmup: number;
  engines: EngineName[];
  /**
   * Where SQLite's databases are made ('' = the system's temporary folder). An experiment: on a tmpfs such as /dev/shm
   * a commit's fsync costs nothing, which shows how much of a write's time is the disk's (the report says so).
   */
  sqliteDir: string;
  /** Server URL of PostgreSQL without a database name; databases osp_bench* are created under it. */
  pgUrl: string;
  /** OSP's LOG_LEVEL during the measurement (production default: info). */
  ospLogLevel: string;
  /** Write docs/performance.md (results/latest.json is always written). */
  writeDocs: boolean;
  /** Free text put into the report, e.g. "shared the machine with a test run". */
  note: string;
  /**
   * Which groups of targets run: the baselines with profile/menu, the approval bills of issue 4, the articles of issue 15,
   * the surveys of issue 16.
   */
  suites: SuiteName[];
  /** The approval-bills suite (bench/lib/bills-suite.ts). */
  bills: {
    /** Bills of the large data set (the measured one). */
    large: number;
    /** Bills of the reference data set its requests/s are compared with. */
    small: number;
    users: number;
    /** Pending tasks of the benchmark user lisi (his todo box), the same in both data sets. */
    todo: number;
    /** Pending tasks generated for the agree load (large data set only). */
    agreeTasks: number;
    /** Concurrent agree requests. */
    agreeConnections: number;
  };
  /** The articles suite (bench/lib/articles-suite.ts). */
  articles: {
    /** Articles generated in the data set. */
    count: number;
    /**
     * PostgreSQL's `jit` for the articles' database: '' leaves the server's default (on), 'off' sets it off for the
     * database before the targets run — an experiment, to see what JIT costs these statements.
     */
    pgJit: '' | 'off';
  };
  /** The surveys suite (bench/lib/surveys-suite.ts). */
  surveys: {
    /** People generated and targeted by the 20-question survey; each submits it once during the fill load. */
    people: number;
    /** Of those, the people whose submits warm the server up (discarded); the rest are shared by the measured runs. */
    warmupPeople: number;
    /** Responses generated for the second survey, whose result summary is measured. */
    responses: number;
  };
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function engines(): EngineName[] {
  const raw = process.env.BENCH_ENGINES ?? 'sqlite,postgres';
  const names = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const result: EngineName[] = [];
  for (const name of names) {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine "${name}" (use sqlite, postgres)`);
    if (!result.includes(name)) result.push(name);
  }
  if (result.length === 0) throw new Error('BENCH_ENGINES names no engine');
  return result;
}

function suites(): SuiteName[] {
  const raw = process.env.BENCH_SUITES ?? SUITES.join(',');
  const result: SuiteName[] = [];
  for (const name of raw.split(',').map((n) => n.trim().toLowerCase())) {
    if (name === '') continue;
    const suite = SUITES.find((s) => s === name);
    if (!suite) throw new Error(`BENCH_SUITES: unknown suite "${name}" (use ${SUITES.join(', ')})`);
    if (!result.includes(suite)) result.push(suite);
  }
  if (result.length === 0) throw new Error('BENCH_SUITES names no suite');
  return result;
}

function pgJit(): '' | 'off' {
  const raw = (process.env.BENCH_PG_JIT ?? '').trim().toLowerCase();
  if (raw !== '' && raw !== 'off') throw new Error(`BENCH_PG_JIT: "${raw}" is not "off" (leave it empty for the server's default)`);
  return raw;
}

export function loadBenchConfig(): BenchConfig {
  return {
    duration: positiveInt('BENCH_DURATION', 10),
    runs: positiveInt('BENCH_RUNS', 3),
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    warmup: positiveInt('BENCH_WARMUP', 2),
    engines: engines(),
    sqliteDir: process.env.BENCH_SQLITE_DIR ?? '',
    pgUrl: (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, ''),
    ospLogLevel: process.env.BENCH_OSP_LOG_LEVEL ?? 'info',
    writeDocs: !['0', 'false', 'no', 'off'].includes((process.env.BENCH_DOCS ?? '1').toLowerCase()),
    note: process.env.BENCH_NOTE ?? '',
    suites: suites(),
    bills: {
      large: positiveInt('BENCH_BILLS', 1_000_000),
      small: positiveInt('BENCH_BILLS_BASE', 10_000),
      users: positiveInt('BENCH_USERS', 10_000),
      todo: positiveInt('BENCH_TODO', 200),
      agreeTasks: positiveInt('BENCH_AGREE_TASKS', 30_000),
      agreeConnections: positiveInt('BENCH_AGREE_CONNECTIONS', 10),
    },
    articles: { count: positiveInt('BENCH_ARTICLES', 10_000), pgJit: pgJit() },
    surveys: {
      people: positiveInt('BENCH_SURVEY_PEOPLE', 10_000),
      warmupPeople: positiveInt('BENCH_SURVEY_WARMUP_PEOPLE', 1_000),
      responses: positiveInt('BENCH_SURVEY_RESPONSES', 100_000),
    },
  };
}

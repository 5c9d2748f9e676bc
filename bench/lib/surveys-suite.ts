/**
 * The surveys suite (issue 16's Bench proof): per engine a fresh database, migrated and seeded with the demo company by
 * the OSP server's first start, then filled by bench/lib/surveys-seed.ts — `config.surveys.people` people targeted by a
 * released 20-question survey, and a second survey holding `config.surveys.responses` responses with their counters.
 *
 * - **Fill**: every targeted person submits the 20-question survey once (`POST /api/survey/{id}/fill`), each request with
 *   another person's bearer token and answers, `config.connections` at a time. One response per person is enforced,
 *   so the load is sized in people, not seconds: `warmupPeople` warm the server up (discarded), then `config.runs`
 *   runs share the rest equally, each ending when its last person's answer is in (autocannon `amount`). A refusal
 *   (any non-2xx, or an envelope whose status_code is not 0) in the warm-up or a run makes the target fail, and after
 *   the runs the database must hold exactly one response, one submitted assignment and one counted response per
 *   answered request.
 * - **Summary**: `GET /api/surveys/{id}/responses` of the survey with the responses, as the demo administrator, measured
 *   like every GET target (autocannon for `config.duration` seconds, warm-up, median of runs) after its answer has been
 *   checked against what the generator counted.
 *
 * A hello-world baseline is measured first in the same section (as the articles suite does): on a machine shared with
 * other work it says how much of the machine the run had.
 */
import autocannon from 'autocannon';
import type { BenchConfig, EngineName } from './config';
import { cpuSeconds } from './cpu';
import { prepareEngine, type EngineSetup } from './engines';
import { envelopeOf, requestJson } from './http';
import { measure, median, nearestRank, steadyLatencies, type Measurement } from './load';
import { stopServer } from './processes';
import {
  fillOutcome,
  seedSurveys,
  SURVEYS_ADMIN,
  SURVEYS_PASSWORD,
  writeFillSessions,
  type SurveysSeed,
  type SurveysSeedInfo,
} from './surveys-seed';
import { startOsp, TARGETS, type Started } from './targets';

/** Issue 16: ≥ 1,000 submissions/s with p99 < 100 ms on SQLite; the summary of 100,000 responses in < 300 ms. */
export const SURVEYS_GOALS = { fillMinRps: 1000, fillMaxP99Ms: 100, fillEngine: 'sqlite', summaryMaxP99Ms: 300 } as const;

/** `summary-computed`: the summary with every cache off, so each request computes it (information, no goal). */
export type SurveysTargetKind = 'hello' | 'fill' | 'summary' | 'summary-computed';

export interface FillRun {
  /** People (requests) of the run. */
  people: number;
  /** From the first request to the last answer. */
  seconds: number;
  /** Answers accepted (HTTP 2xx with status_code 0) per second of the run. */
  rps: number;
  mean: number;
  p50: number;
  /** The p99 of the run's requests but each connection's first, and autocannon's own: see load.ts RunSample.p99. */
  p99: number;
  p99All: number;
  /** Answers accepted. */
  accepted: number;
  non2xx: number;
  /** HTTP 2xx whose envelope's status_code is not 0 (e.g. 409 fillAlready). */
  refused: number;
  errors: number;
  timeouts: number;
  serverCpuUs?: number;
  serverCores?: number;
  /**
   * The p99 of the server's own time for the run's requests, from its request log (`ms`: from Fastify's onRequest,
   * once the request is read, to the answer sent); the time a request waits in the socket before the server reads it,
   * and the load generator's own, are not in it.
   */
  serverP99?: number;
  /** CPU cores the load generator (this process) used during the run: the machine has two. */
  loadCores?: number;
}

export interface FillMeasurement {
  connections: number;
  warmupPeople: number;
  /** Refused or failed requests of the warm-up. */
  warmupFailures: number;
  runs: FillRun[];
  rps: number;
  mean: number;
  p99: number;
  serverCpuUs?: number;
  /** Refused or failed requests of the measured runs. */
  failures: number;
  /** What the database holds afterwards. */
  database: { responses: number; submitted: number; counted: number; points: number; touchedSessions: number; expected: number };
  /** The first body the server refused, to say why. */
  firstRefusal?: string;
}

export interface SurveysGoalCheck {
  /** Whether the issue sets this goal for this engine (the fill's is for SQLite). */
  applies: boolean;
  rpsMet: boolean;
  p99Met: boolean;
  clean: boolean;
  met: boolean;
}

export interface SurveysTargetResult {
  kind: SurveysTargetKind;
  label: string;
  fill?: FillMeasurement;
  measurement?: Measurement;
  /** Median over the runs of autocannon's mean latency (summary). */
  mean?: number;
  goal?: SurveysGoalCheck;
  error?: string;
}

export interface SurveysSection {
  seed?: SurveysSeedInfo;
  targets: SurveysTargetResult[];
  skipped?: string;
}

/** The first start migrates and seeds the demo company; the server is stopped before the generator writes. */
async function firstStart(setup: EngineSetup, config: BenchConfig): Promise<void> {
  const started = await startOsp(setup, config, '/api/user/profile');
  await stopServer(started.server);
}

const isAccepted = (body: string): boolean => {
  try {
    return (JSON.parse(body) as { status_code?: unknown }).status_code === 0;
  } catch {
    return false;
  }
};

/** `people` submits, each with the next person's token and body; ends when the last one is answered. */
function fillRun(
  base: string,
  path: string,
  seed: SurveysSeed,
  tokens: readonly string[],
  cursor: { next: number; firstRefusal?: string },
  people: number,
  connections: number,
  pid: number,
  serverTimes: number[],
): Promise<FillRun> {
  const cpuBefore = cpuSeconds(pid);
  const loadCpuBefore = process.cpuUsage();
  serverTimes.length = 0;
  let refused = 0;
  let accepted = 0;
  let last = 0;
  // Filled once the instance exists (below): its answers' latencies but each connection's first (FillRun.p99).
  let steady: number[] = [];
  const t0 = performance.now();
  return new Promise<FillRun>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${path}`,
        connections: Math.min(connections, people),
        amount: people,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path,
            setupRequest: (request) => {
              const i = cursor.next++;
              // Past the last person: no token, an HTTP 401 that fails the run (never another person's second submit).
              const token = tokens[i];
              return {
                ...request,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
                },
                body: seed.fillBodies[i] ?? '{}',
              };
            },
            onResponse: (status, body) => {
              if (status >= 200 && status < 300 && isAccepted(body)) accepted++;
              else if (status >= 200 && status < 300) {
                refused++;
                cursor.firstRefusal ??= body.slice(0, 300);
              } else cursor.firstRefusal ??= `HTTP ${status}: ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
          return;
        }
        const cpuAfter = cpuSeconds(pid);
        const loadCpu = process.cpuUsage(loadCpuBefore);
        const seconds = ((last || performance.now()) - t0) / 1000;
        const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
        resolve({
          loadCores: (loadCpu.user + loadCpu.system) / 1e6 / seconds,
          people,
          seconds,
          rps: accepted / seconds,
          mean: result.latency.mean,
          p50: result.latency.p50,
          // Whole milliseconds, as autocannon gives its own.
          p99: Math.round(nearestRank(steady, 0.99) ?? result.latency.p99),
          p99All: result.latency.p99,
          accepted,
          non2xx: result.non2xx,
          refused,
          errors: result.errors,
          timeouts: result.timeouts,
          ...(cpu !== undefined && accepted > 0 ? { serverCpuUs: (cpu / accepted) * 1e6, serverCores: cpu / seconds } : {}),
        });
      },
    );
    steady = steadyLatencies(instance);
    instance.on('response', () => {
      last = performance.now();
    });
  });
}

const failuresOf = (run: FillRun) => run.non2xx + run.refused + run.errors;

/** The `ms` of a request log line (apps/server/src/app.ts) of a POST to `path`, or undefined for any other line. */
function fillLogMs(line: string, path: string): number | undefined {
  if (!line.includes(path)) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: unknown; method?: unknown; url?: unknown; ms?: unknown };
    return entry.msg === 'request' && entry.method === 'POST' && entry.url === path && typeof entry.ms === 'number' ? entry.ms : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The p99 (nearest rank) of a run's server times, once the log lines of its `requests` have come through the pipe (a
 * line is written after its answer); undefined when they do not within 2 s (LOG_LEVEL above info logs no requests).
 */
async function logP99(times: number[], requests: number): Promise<number | undefined> {
  const until = performance.now() + 2000;
  while (times.length < requests && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  if (times.length < requests) return undefined;
  return nearestRank(times, 0.99);
}

/** `nodeArgs` (e.g. --cpu-prof, bench/profile.ts) go to the server's node; its stop then waits longer for it to write. */
export async function measureFill(
  setup: EngineSetup,
  config: BenchConfig,
  seed: SurveysSeed,
  nodeArgs: readonly string[] = [],
): Promise<SurveysTargetResult> {
  const { people, warmupPeople } = config.surveys;
  const connections = config.connections;
  const perRun = Math.floor((people - warmupPeople) / config.runs);
  const path = `/api/survey/${seed.info.fillSurveyId}/fill`;
  const label = `OSP POST /api/survey/{id}/fill (${seed.info.questions} questions, each person once)`;
  const result: SurveysTargetResult = { kind: 'fill', label };
  console.log(`\n[${setup.engine}] ${label}, ${people.toLocaleString('en-US')} people targeted`);
  let started: Started | undefined;
  try {
    if (warmupPeople >= people || perRun < connections) {
      throw new Error(
        `${people} people leave ${perRun} a run after ${warmupPeople} for the warm-up: raise BENCH_SURVEY_PEOPLE ` +
          `(at least ${warmupPeople + config.runs * connections} for ${config.runs} runs of ${connections} connections)`,
      );
    }
    const sessions = await writeFillSessions(setup, seed.fillUserIds);
    const serverTimes: number[] = [];
    started = await startOsp(setup, config, '/api/user/profile', nodeArgs, undefined, (line) => {
      const ms = fillLogMs(line, path);
      if (ms !== undefined) serverTimes.push(ms);
    });
    const { server } = started;
    const base = started.load.url.replace(/\/api\/user\/profile$/, '');
    console.log(
      `  started (pid ${server.pid}); ${people.toLocaleString('en-US')} sessions written; warming up with ${warmupPeople.toLocaleString('en-US')} people, ` +
        `then ${config.runs} × ${perRun.toLocaleString('en-US')} people, ${connections} connections`,
    );
    const cursor: { next: number; firstRefusal?: string } = { next: 0 };
    const warmup = await fillRun(base, path, seed, sessions.tokens, cursor, warmupPeople, connections, server.pid, serverTimes);
    const warmupFailures = failuresOf(warmup);
    console.log(
      `  warm-up: ${Math.round(warmup.rps)} answers/s, p99 ${warmup.p99} ms${warmupFailures ? `, ${warmupFailures} FAILED` : ''}`,
    );
    const runs: FillRun[] = [];
    for (let i = 0; i < config.runs; i++) {
      const run = await fillRun(base, path, seed, sessions.tokens, cursor, perRun, connections, server.pid, serverTimes);
      const serverP99 = await logP99(serverTimes, perRun);
      if (serverP99 !== undefined) run.serverP99 = serverP99;
      runs.push(run);
      const failed = failuresOf(run);
      const cpu =
        run.serverCpuUs === undefined ? '' : `, server ${Math.round(run.serverCpuUs)} µs CPU/answer (${run.serverCores?.toFixed(2)} cores)`;
      const inServer = `; with each connection's first request p99 ${run.p99All} ms${run.serverP99 === undefined ? '' : `; in the server p99 ${run.serverP99} ms`}`;
      const load = run.loadCores === undefined ? '' : `; load generator ${run.loadCores.toFixed(2)} cores`;
      console.log(
        `  run ${i + 1}: ${Math.round(run.rps)} answers/s over ${run.seconds.toFixed(1)} s, mean ${run.mean.toFixed(1)} ms, p99 ${run.p99} ms${cpu}` +
          `${inServer}${load}${failed ? `, ${failed} FAILED requests` : ''}`,
      );
    }
    if (server.hasExited()) throw new Error(`${server.name} ended during the measurement\n${server.stderrTail()}`);
    await stopServer(server, graceOf(nodeArgs));
    started = undefined;
    const outcome = await fillOutcome(setup, seed.info.fillSurveyId, sessions.at);
    const expected = [warmup, ...runs].reduce((sum, run) => sum + run.accepted, 0);
    const cpu = runs.flatMap((run) => (run.serverCpuUs === undefined ? [] : [run.serverCpuUs]));
    result.fill = {
      connections,
      warmupPeople,
      warmupFailures,
      runs,
      rps: median(runs.map((r) => r.rps)),
      mean: median(runs.map((r) => r.mean)),
      p99: median(runs.map((r) => r.p99)),
      ...(cpu.length === runs.length ? { serverCpuUs: median(cpu) } : {}),
      failures: runs.reduce((sum, run) => sum + failuresOf(run), 0),
      database: {
        responses: outcome.responses,
        submitted: outcome.submitted,
        counted: outcome.counted,
        points: outcome.points,
        touchedSessions: outcome.touched,
        expected,
      },
      ...(cursor.firstRefusal === undefined ? {} : { firstRefusal: cursor.firstRefusal }),
    };
    console.log(
      `  database: ${outcome.responses} responses, ${outcome.submitted} assignments submitted, ${outcome.counted} responses counted, ` +
        `${outcome.points} points awarded, for ${expected} accepted answers; ${outcome.touched} sessions touched`,
    );
    if (cursor.firstRefusal) console.error(`  first refusal: ${cursor.firstRefusal}`);
    // A request autocannon gave up on (its 10 s timeout) may still have been answered by the server: it is a failure of
    // the run, and may have left its response.
    const { database } = result.fill;
    const timedOut = [warmup, ...runs].reduce((sum, run) => sum + run.errors, 0);
    const agrees = database.responses === database.submitted && database.responses === database.counted;
    if (!agrees || database.responses < expected || database.responses > expected + timedOut) {
      throw new Error(
        `the database holds ${database.responses} responses, ${database.submitted} submitted assignments and ${database.counted} ` +
          `counted responses for ${expected} accepted answers (and ${timedOut} requests given up)`,
      );
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${result.error}`);
  } finally {
    if (started) await stopServer(started.server, graceOf(nodeArgs));
  }
  return result;
}

const graceOf = (nodeArgs: readonly string[]) => (nodeArgs.length > 0 ? 15_000 : 5000);

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null && name in data ? (data as Record<string, unknown>)[name] : undefined;

/** What the summary must say about the generated responses before it is timed: a wrong answer is not measured. */
function checkSummary(data: unknown, seed: SurveysSeedInfo): string | undefined {
  const { expected } = seed;
  if (field(data, 'responses') !== expected.responses) return `responses ${String(field(data, 'responses'))}, not ${expected.responses}`;
  const questions = field(data, 'questions');
  if (!Array.isArray(questions) || questions.length !== seed.questions)
    return `${Array.isArray(questions) ? questions.length : '?'} questions`;
  const question = (id: string) => questions.find((q) => field(q, 'question_id') === id) as unknown;
  const single = field(question(expected.singleQuestion), 'options');
  for (const [id, count] of Object.entries(expected.singleCounts)) {
    const cell: unknown = Array.isArray(single) ? single.find((o) => field(o, 'id') === id) : undefined;
    if (field(cell, 'count') !== count) return `${expected.singleQuestion} option ${id}: ${String(field(cell, 'count'))}, not ${count}`;
  }
  const nps = question(expected.npsQuestion);
  for (const key of ['promoters', 'passives', 'detractors'] as const) {
    if (field(nps, key) !== expected.nps[key])
      return `${expected.npsQuestion} ${key}: ${String(field(nps, key))}, not ${expected.nps[key]}`;
  }
  const average = field(question(expected.ratingQuestion), 'average');
  if (average !== expected.ratingAverage) return `${expected.ratingQuestion} average ${String(average)}, not ${expected.ratingAverage}`;
  const texts = field(question(expected.textQuestion), 'texts');
  const newest = Array.isArray(texts) ? field(texts[0], 'text') : undefined;
  if (!Array.isArray(texts) || texts.length !== 50 || newest !== expected.newestText)
    return `${expected.textQuestion}: ${Array.isArray(texts) ? texts.length : '?'} texts, the newest "${String(newest)}", not "${expected.newestText}"`;
  return undefined;
}

export async function measureSummary(
  setup: EngineSetup,
  config: BenchConfig,
  seed: SurveysSeedInfo,
  nodeArgs: readonly string[] = [],
  computed = false,
): Promise<SurveysTargetResult> {
  const path = `/api/surveys/${seed.resultsSurveyId}/responses`;
  const label =
    `OSP GET /api/surveys/{id}/responses (${SURVEYS_ADMIN}, ${seed.responses.toLocaleString('en-US')} responses` +
    `${computed ? ', every cache off: computed each request' : ''})`;
  const result: SurveysTargetResult = { kind: computed ? 'summary-computed' : 'summary', label };
  console.log(`\n[${setup.engine}] ${label}`);
  let started: Started | undefined;
  try {
    // Computed: the access cache off turns the kept summaries off with it (and sessions are read each request).
    const env: Record<string, string> = computed ? { OSP_ACCESS_CACHE: '0' } : {};
    started = await startOsp(setup, config, path, nodeArgs, { username: SURVEYS_ADMIN, password: SURVEYS_PASSWORD }, undefined, env);
    const { server } = started;
    const { body } = await requestJson(started.load.url, { headers: started.load.headers ?? {} });
    const wrong = checkSummary(envelopeOf(body)?.data, seed);
    if (wrong) throw new Error(`GET ${path} answered wrongly for the generated responses: ${wrong}`);
    console.log('  the summary agrees with the generator (responses, option counts, NPS groups, an average, the newest text)');
    console.log(`  started (pid ${server.pid}); warming up ${config.warmup} s, then ${config.runs} × ${config.duration} s`);
    result.measurement = await measure(started.load, config, (i, run) => {
      const failed = run.non2xx + run.errors;
      const cpu = run.serverCpuUs === undefined ? '' : `, server ${Math.round(run.serverCpuUs)} µs CPU/req`;
      console.log(
        `  run ${i + 1}: ${Math.round(run.rps)} req/s, mean ${run.mean.toFixed(1)} ms, p99 ${run.p99} ms${cpu}` +
          `${failed ? `, ${failed} FAILED requests` : ''}`,
      );
    });
    result.mean = median(result.measurement.runs.map((run) => run.mean));
    if (server.hasExited()) throw new Error(`${server.name} ended during the measurement\n${server.stderrTail()}`);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${result.error}`);
  } finally {
    if (started) await stopServer(started.server, graceOf(nodeArgs));
  }
  return result;
}

async function measureHello(setup: EngineSetup, config: BenchConfig, start: () => Promise<Started>, label: string) {
  const result: SurveysTargetResult = { kind: 'hello', label };
  console.log(`\n[${setup.engine}] ${label}`);
  let started: Started | undefined;
  try {
    started = await start();
    result.measurement = await measure(started.load, config, (i, run) =>
      console.log(`  run ${i + 1}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms`),
    );
    result.mean = median(result.measurement.runs.map((run) => run.mean));
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${result.error}`);
  } finally {
    if (started) await stopServer(started.server);
  }
  return result;
}

export function checkSurveysGoal(engine: EngineName, target: SurveysTargetResult): SurveysGoalCheck | undefined {
  if (target.kind === 'fill' && target.fill) {
    const { fill } = target;
    const rpsMet = fill.rps >= SURVEYS_GOALS.fillMinRps;
    const p99Met = fill.p99 < SURVEYS_GOALS.fillMaxP99Ms;
    const clean = fill.failures === 0 && fill.warmupFailures === 0;
    return { applies: engine === SURVEYS_GOALS.fillEngine, rpsMet, p99Met, clean, met: rpsMet && p99Met && clean };
  }
  if (target.kind === 'summary' && target.measurement) {
    const p99Met = target.measurement.p99 < SURVEYS_GOALS.summaryMaxP99Ms;
    const clean = target.measurement.failures === 0;
    return { applies: true, rpsMet: true, p99Met, clean, met: p99Met && clean };
  }
  return undefined;
}

export async function runSurveysSuite(engine: EngineName, config: BenchConfig): Promise<SurveysSection> {
  const section: SurveysSection = { targets: [] };
  const preparation = await prepareEngine(engine, config);
  if (!preparation.ok) {
    section.skipped = preparation.reason;
    console.log(`\n[${engine}] surveys SKIPPED: ${preparation.reason}`);
    return section;
  }
  const { setup } = preparation;
  const { people, responses } = config.surveys;
  try {
    console.log(
      `\n[${engine}] surveys: first start (migrations, demo company), then ${people.toLocaleString('en-US')} people and ` +
        `${responses.toLocaleString('en-US')} responses`,
    );
    await firstStart(setup, config);
    const seed = await seedSurveys(setup, { people, responses });
    section.seed = seed.info;
    console.log(
      `  seeded ${people.toLocaleString('en-US')} people targeted by survey ${seed.info.fillSurveyId} and ` +
        `${responses.toLocaleString('en-US')} responses of survey ${seed.info.resultsSurveyId} (${seed.info.cells} counter cells, ` +
        `${seed.info.texts.toLocaleString('en-US')} texts; ${seed.info.rows.toLocaleString('en-US')} rows) in ${seed.info.seconds.toFixed(1)} s`,
    );
    const hello = TARGETS.find((t) => t.id === 'hello');
    if (hello) section.targets.push(await measureHello(setup, config, () => hello.start(setup, config), hello.label));
    section.targets.push(await measureFill(setup, config, seed));
    section.targets.push(await measureSummary(setup, config, seed.info));
    section.targets.push(await measureSummary(setup, config, seed.info, [], true));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${message}`);
    section.targets.push({ kind: 'fill', label: `surveys data set of ${people.toLocaleString('en-US')} people`, error: message });
  } finally {
    await setup.dispose();
  }
  for (const target of section.targets) {
    const goal = checkSurveysGoal(engine, target);
    if (goal) target.goal = goal;
  }
  return section;
}

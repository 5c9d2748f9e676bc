/**
 * The approval-bills suite (issue 4): per engine, two fresh databases — a reference one with
 * `config.bills.small` bills and the measured one with `config.bills.large` — each migrated and seeded
 * with the demo company by the OSP server's first start, then filled by bench/lib/bills-seed.ts. On each,
 * lisi's `GET /api/bills?box=todo` and `GET /api/bills/{id}` are measured like every other target
 * (autocannon, warm-up, median of runs); on the large one also agrees per second.
 */
import type { BenchConfig, EngineName } from './config';
import { prepareEngine, type EngineSetup } from './engines';
import { envelopeOf } from './http';
import { measure, median, type Measurement } from './load';
import { stopServer } from './processes';
import { AGREE_USER, BENCH_USER, seedBills, type BillsSeedResult } from './bills-seed';
import { startOsp } from './targets';

export const BILLS_GOALS = { maxP99Ms: 50, minRatioToSmall: 0.5 } as const;
const PASSWORD = 'Demo@1234';
const PAGE = 'page=1&per_page=20';

export type BillsTargetKind = 'todo' | 'detail' | 'agree';

export interface AgreeRun {
  seconds: number;
  /** Agrees answered 200 with status_code 0. */
  agreed: number;
  /** Expected refusals (HTTP 409), not counted as agrees. */
  conflicts: number;
  /** Anything else: a non-2xx other than 409 or a connection error. */
  failures: number;
  opsPerSecond: number;
  p99: number;
}

export interface AgreeMeasurement {
  runs: AgreeRun[];
  opsPerSecond: number;
  p99: number;
  failures: number;
  connections: number;
}

export interface BillsGoalCheck {
  p99Met: boolean;
  ratioMet: boolean;
  clean: boolean;
  met: boolean;
}

export interface BillsTargetResult {
  kind: BillsTargetKind;
  label: string;
  /** Bills in the database. */
  bills: number;
  /** The large data set carries the goals; the small one is the reference. */
  large: boolean;
  measurement?: Measurement;
  agree?: AgreeMeasurement;
  /** Requests/s as a share of the same endpoint on the small data set. */
  ratio?: number;
  goal?: BillsGoalCheck;
  error?: string;
}

export interface BillsSeedInfo extends Omit<BillsSeedResult, 'agreeTaskIds'> {
  agreeTasks: number;
}

export interface BillsSection {
  seeds: BillsSeedInfo[];
  targets: BillsTargetResult[];
  skipped?: string;
}

/** The first start migrates and seeds the demo company; the server is stopped before the generator writes. */
async function firstStart(setup: EngineSetup, config: BenchConfig): Promise<void> {
  const started = await startOsp(setup, config, '/api/user/profile');
  await stopServer(started.server);
}

async function measureGet(
  kind: 'todo' | 'detail',
  path: string,
  setup: EngineSetup,
  config: BenchConfig,
  bills: number,
  large: boolean,
): Promise<BillsTargetResult> {
  const label = `OSP GET ${kind === 'todo' ? `/api/bills?box=todo (${BENCH_USER}, 20 a page)` : `/api/bills/{id} (${BENCH_USER})`}`;
  const result: BillsTargetResult = { kind, label, bills, large };
  console.log(`\n[${setup.engine}] ${label}, ${bills.toLocaleString('en-US')} bills`);
  let started: Awaited<ReturnType<typeof startOsp>> | undefined;
  try {
    started = await startOsp(setup, config, path, [], { username: BENCH_USER, password: PASSWORD });
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

function percentile99(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

/** `connections` workers each agree the next pending task until `seconds` have passed or the tasks run out. */
async function agreeRun(
  base: string,
  headers: Record<string, string>,
  tasks: { ids: readonly string[]; next: number },
  connections: number,
  seconds: number,
): Promise<AgreeRun & { exhausted: boolean }> {
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  const latencies: number[] = [];
  let agreed = 0;
  let conflicts = 0;
  let failures = 0;
  let exhausted = false;
  const worker = async () => {
    while (performance.now() < deadline) {
      const taskId = tasks.ids[tasks.next++];
      if (taskId === undefined) {
        exhausted = true;
        return;
      }
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}/api/bills/flownode/${taskId}/agree`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        const text = await response.text();
        latencies.push(performance.now() - t0);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (response.status === 200 && envelopeOf(body)?.statusCode === 0) agreed++;
        else if (response.status === 409) conflicts++;
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - startedAt) / 1000;
  return { seconds: elapsed, agreed, conflicts, failures, opsPerSecond: agreed / elapsed, p99: percentile99(latencies), exhausted };
}

async function measureAgree(setup: EngineSetup, config: BenchConfig, seed: BillsSeedResult): Promise<BillsTargetResult> {
  const connections = config.bills.agreeConnections;
  const label = `OSP agree (POST /api/bills/flownode/{task}/agree, ${connections} concurrent)`;
  const result: BillsTargetResult = { kind: 'agree', label, bills: seed.bills, large: true };
  console.log(`\n[${setup.engine}] ${label}, ${seed.agreeTaskIds.length.toLocaleString('en-US')} pending tasks of ${AGREE_USER}`);
  let started: Awaited<ReturnType<typeof startOsp>> | undefined;
  try {
    started = await startOsp(setup, config, '/api/bills?box=todo&per_page=1', [], { username: AGREE_USER, password: PASSWORD });
    const headers = started.load.headers ?? {};
    const tasks = { ids: seed.agreeTaskIds, next: 0 };
    await agreeRun(started.base, headers, tasks, connections, config.warmup);
    const runs: AgreeRun[] = [];
    for (let i = 0; i < config.runs; i++) {
      const { exhausted, ...run } = await agreeRun(started.base, headers, tasks, connections, config.duration);
      runs.push(run);
      console.log(
        `  run ${i + 1}: ${Math.round(run.opsPerSecond)} agrees/s, p99 ${Math.round(run.p99)} ms, ${run.conflicts} × 409` +
          `${run.failures ? `, ${run.failures} FAILED` : ''}`,
      );
      if (exhausted) throw new Error(`the ${seed.agreeTaskIds.length} generated tasks ran out: raise BENCH_AGREE_TASKS`);
    }
    result.agree = {
      runs,
      connections,
      opsPerSecond: median(runs.map((r) => r.opsPerSecond)),
      p99: median(runs.map((r) => r.p99)),
      failures: runs.reduce((sum, r) => sum + r.failures, 0),
    };
    if (started.server.hasExited()) throw new Error(`${started.server.name} ended during the measurement`);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${result.error}`);
  } finally {
    if (started) await stopServer(started.server);
  }
  return result;
}

/** One data set: a fresh database, first start, the generator, then the targets. */
async function runDataSet(engine: EngineName, config: BenchConfig, bills: number, large: boolean, section: BillsSection): Promise<boolean> {
  const preparation = await prepareEngine(engine, config);
  if (!preparation.ok) {
    section.skipped = preparation.reason;
    console.log(`\n[${engine}] bills SKIPPED: ${preparation.reason}`);
    return false;
  }
  const { setup } = preparation;
  try {
    console.log(`\n[${engine}] bills: first start (migrations, demo company), then ${bills.toLocaleString('en-US')} bills`);
    await firstStart(setup, config);
    const agreeTasks = large ? Math.min(config.bills.agreeTasks, Math.floor(bills / 4)) : 0;
    const seed = await seedBills(setup, { bills, users: config.bills.users, todo: Math.min(config.bills.todo, bills), agreeTasks });
    const { agreeTaskIds, ...info } = seed;
    section.seeds.push({ ...info, agreeTasks: agreeTaskIds.length });
    console.log(
      `  seeded ${bills.toLocaleString('en-US')} bills (${seed.rows.toLocaleString('en-US')} rows) and ${seed.users.toLocaleString('en-US')} users ` +
        `in ${seed.seconds.toFixed(1)} s; ${BENCH_USER} has ${seed.todoCount} pending tasks; detail bill ${seed.detailBillId}`,
    );
    section.targets.push(await measureGet('todo', `/api/bills?box=todo&${PAGE}`, setup, config, bills, large));
    section.targets.push(await measureGet('detail', `/api/bills/${seed.detailBillId}`, setup, config, bills, large));
    if (large && agreeTaskIds.length > 0) section.targets.push(await measureAgree(setup, config, seed));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  FAILED: ${message}`);
    section.targets.push({ kind: 'todo', label: `bills data set of ${bills.toLocaleString('en-US')}`, bills, large, error: message });
    return true;
  } finally {
    await setup.dispose();
  }
}

export function checkBillsGoal(measurement: Measurement, ratio: number | undefined): BillsGoalCheck {
  const p99Met = measurement.p99 < BILLS_GOALS.maxP99Ms;
  const ratioMet = ratio !== undefined && ratio >= BILLS_GOALS.minRatioToSmall;
  const clean = measurement.failures === 0;
  return { p99Met, ratioMet, clean, met: p99Met && ratioMet && clean };
}

export async function runBillsSuite(engine: EngineName, config: BenchConfig): Promise<BillsSection> {
  const section: BillsSection = { seeds: [], targets: [] };
  if (!(await runDataSet(engine, config, config.bills.small, false, section))) return section;
  await runDataSet(engine, config, config.bills.large, true, section);
  for (const target of section.targets) {
    if (!target.large || !target.measurement || target.kind === 'agree') continue;
    const reference = section.targets.find((t) => !t.large && t.kind === target.kind)?.measurement;
    if (reference) target.ratio = target.measurement.rps / reference.rps;
    target.goal = checkBillsGoal(target.measurement, target.ratio);
  }
  return section;
}

/**
 * `node --import tsx bench/profile.ts [path]`: where an OSP endpoint spends its CPU. Starts the OSP
 * server with --cpu-prof, loads `path` (default /api/user/profile) like the benchmark does, stops
 * the server and prints its CPU per request, its self time by package and by function, and the time spent in
 * each function with what it calls (inclusive: e.g. a statement's execution, or the reply's socket write, whole).
 * Engine: first of BENCH_ENGINES.
 *
 * `BENCH_PROFILE_BILLS=10000` first fills the database with that many generated bills (the bills
 * suite's generator) and signs in as its benchmark user, lisi; `{detail}` in `path` becomes the bill
 * the detail target reads, e.g. `bench/profile.ts '/api/bills/{detail}'`.
 *
 * `BENCH_PROFILE_ARTICLES=10000` does the same with the articles suite's generator (signed in as zhangsan, as the
 * articles suite is), e.g. `BENCH_PROFILE_ARTICLES=10000 bench/profile.ts /api/dashboard/article`.
 *
 * `BENCH_PROFILE_SURVEYS=1` makes the surveys suite's data set (BENCH_SURVEY_PEOPLE, BENCH_SURVEY_RESPONSES) and runs
 * one of its two loads as the suite does: `bench/profile.ts fill` (every person submits once) or `bench/profile.ts
 * summary` (the result summary, as admin).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadBenchConfig } from './lib/config';
import { prepareEngine } from './lib/engines';
import { measure } from './lib/load';
import { installExitHandlers, makeTempDir, stopServer, runThenCleanUp } from './lib/processes';
import { BENCH_USER, seedBills } from './lib/bills-seed';
import { startOsp } from './lib/targets';
import { seedArticles } from './lib/articles-seed';
import { seedSurveys } from './lib/surveys-seed';
import { measureFill, measureSummary } from './lib/surveys-suite';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `fastify`, `kysely`, `server:modules/auth`, `node:internal`, `(garbage collector)`… */
function bucketOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const own = /apps\/server\/src\/((?:modules\/)?[^/]+)/.exec(url);
  if (own?.[1]) return `server:${own[1].replace(/\.ts$/, '')}`;
  if (url.startsWith('node:')) return 'node internals';
  return path.basename(url);
}

function printTop(title: string, totals: Map<string, number>, all: number, limit: number): void {
  console.log(`\n${title}`);
  const sorted = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  for (const [name, micros] of sorted) console.log(`  ${((micros / all) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

function summarise(file: string): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byBucket = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${bucketOf(node)}:${node.callFrame.lineNumber + 1}`;
  let all = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    all += micros;
    const bucket = bucketOf(node);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + micros);
    const fn = nameOf(node);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    // Each function on the sample's stack once, however often it recurses.
    const onStack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
      const frame = byId.get(id);
      if (frame) onStack.add(nameOf(frame));
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  });
  printTop('Busy CPU time by package (self time, idle excluded)', byBucket, all, 20);
  printTop('Top functions (self time)', byFunction, all, 25);
  printTop('Top functions with what they call (inclusive time; start-up included)', inclusive, all, 40);
}

async function main(): Promise<void> {
  installExitHandlers();
  const config = { ...loadBenchConfig(), runs: 1 };
  let endpoint = process.argv[2] ?? '/api/user/profile';
  const engine = config.engines[0] ?? 'sqlite';
  const preparation = await prepareEngine(engine, config);
  if (!preparation.ok) throw new Error(preparation.reason);
  const bills = Number(process.env.BENCH_PROFILE_BILLS ?? 0);
  let user: { username: string; password: string } | undefined;
  if (bills > 0) {
    // The first start migrates and seeds the demo company the generator copies from.
    await stopServer((await startOsp(preparation.setup, config, '/api/user/profile')).server);
    const seed = await seedBills(preparation.setup, {
      bills,
      users: config.bills.users,
      todo: Math.min(config.bills.todo, bills),
      agreeTasks: 0,
    });
    endpoint = endpoint.replace('{detail}', String(seed.detailBillId));
    user = { username: BENCH_USER, password: 'Demo@1234' };
  }
  const articles = Number(process.env.BENCH_PROFILE_ARTICLES ?? 0);
  if (articles > 0) {
    if (bills === 0) await stopServer((await startOsp(preparation.setup, config, '/api/user/profile')).server);
    // Signed in as the default user, zhangsan: the articles' benchmark user.
    await seedArticles(preparation.setup, { articles });
  }
  const profileDir = makeTempDir('osp-bench-cpuprof');
  if (process.env.BENCH_PROFILE_SURVEYS === '1') {
    await stopServer((await startOsp(preparation.setup, config, '/api/user/profile')).server);
    const seed = await seedSurveys(preparation.setup, { people: config.surveys.people, responses: config.surveys.responses });
    const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
    const target =
      endpoint === 'fill'
        ? await measureFill(preparation.setup, config, seed, nodeArgs)
        : await measureSummary(preparation.setup, config, seed.info, nodeArgs);
    if (target.error) console.log(`failed: ${target.error}`);
    const cpu = target.fill?.serverCpuUs ?? target.measurement?.serverCpuUs;
    if (cpu !== undefined) console.log(`server CPU: ${Math.round(cpu)} µs per request (profiler on)`);
    const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    summarise(path.join(profileDir, file));
    await preparation.setup.dispose();
    return;
  }
  const started = await startOsp(preparation.setup, config, endpoint, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], user);
  const result = await measure(started.load, config, (_, run) =>
    console.log(`${engine} ${endpoint}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms`),
  );
  if (result.failures > 0) console.log(`${result.failures} requests failed`);
  // Measured with the profiler running, so higher than the bench's own figure for the same endpoint.
  if (result.serverCpuUs !== undefined) console.log(`server CPU: ${Math.round(result.serverCpuUs)} µs per request (profiler on)`);
  await stopServer(started.server, 15_000);
  const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  summarise(path.join(profileDir, file));
  await preparation.setup.dispose();
}

runThenCleanUp(main);

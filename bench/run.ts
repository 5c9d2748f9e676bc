/**
 * `npm run bench`: hello-world and one-row baselines, then OSP's GET /api/user/profile and
 * GET /api/user/menu (suite "foundation"), the approval bills at 10 000 and 1 000 000 bills (suite
 * "bills"), the articles at 10 000 articles (suite "articles") and the surveys' fill and result summary at 10 000
 * people and 100 000 responses (suite "surveys"), on SQLite and PostgreSQL, each server in a fresh child process.
 * Writes docs/performance.md (generated section) and bench/results/latest.json.
 */
import path from 'node:path';
import { loadBenchConfig, ROOT_DIR, type BenchConfig } from './lib/config';
import { prepareEngine, type EngineSetup } from './lib/engines';
import { measure } from './lib/load';
import { installExitHandlers, stopServer, runThenCleanUp } from './lib/processes';
import {
  checkGoal,
  GOALS,
  consoleTable,
  machineInfo,
  writeDoc,
  writeJson,
  type BenchReport,
  type EngineResult,
  type TargetResult,
} from './lib/report';
import { TARGETS, type Target } from './lib/targets';
import { runBillsSuite } from './lib/bills-suite';
import { runArticlesSuite } from './lib/articles-suite';
import { runSurveysSuite } from './lib/surveys-suite';

const DOC_FILE = path.join(ROOT_DIR, 'docs/performance.md');
const JSON_FILE = path.join(ROOT_DIR, 'bench/results/latest.json');

async function runTarget(target: Target, setup: EngineSetup, config: BenchConfig): Promise<TargetResult> {
  const result: TargetResult = { id: target.id, label: target.label, hasGoal: target.hasGoal };
  console.log(`\n[${setup.engine}] ${target.label}`);
  let started: Awaited<ReturnType<Target['start']>> | undefined;
  try {
    started = await target.start(setup, config);
    const { server } = started;
    console.log(`  started (pid ${server.pid}); warming up ${config.warmup} s, then ${config.runs} × ${config.duration} s`);
    result.measurement = await measure(started.load, config, (i, run) => {
      const failed = run.non2xx + run.errors;
      const cpu =
        run.serverCpuUs === undefined ? '' : `, server ${Math.round(run.serverCpuUs)} µs CPU/req (${run.serverCores?.toFixed(2)} cores)`;
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

async function runFoundation(engine: EngineResult['engine'], config: BenchConfig): Promise<EngineResult> {
  const preparation = await prepareEngine(engine, config);
  if (!preparation.ok) {
    console.log(`\n[${engine}] SKIPPED: ${preparation.reason}`);
    return { engine, skipped: preparation.reason, targets: [] };
  }
  const { setup } = preparation;
  try {
    const targets: TargetResult[] = [];
    for (const target of TARGETS) targets.push(await runTarget(target, setup, config));
    const hello = targets.find((t) => t.id === 'hello')?.measurement;
    for (const target of targets) {
      if (!hello || !target.measurement) continue;
      target.ratio = target.measurement.rps / hello.rps;
      if (target.hasGoal) target.goal = checkGoal(target.measurement, target.ratio);
    }
    return { engine, targets };
  } finally {
    await setup.dispose();
  }
}

async function runEngine(engine: EngineResult['engine'], config: BenchConfig): Promise<EngineResult> {
  const result: EngineResult = config.suites.includes('foundation') ? await runFoundation(engine, config) : { engine, targets: [] };
  if (config.suites.includes('bills') && !result.skipped) {
    result.bills = await runBillsSuite(engine, config);
    if (result.bills.skipped && result.targets.length === 0) result.skipped = result.bills.skipped;
  }
  if (config.suites.includes('articles') && !result.skipped) {
    result.articles = await runArticlesSuite(engine, config);
    if (result.articles.skipped && result.targets.length === 0 && !result.bills) result.skipped = result.articles.skipped;
  }
  if (config.suites.includes('surveys') && !result.skipped) {
    result.surveys = await runSurveysSuite(engine, config);
    if (result.surveys.skipped && result.targets.length === 0 && !result.bills && !result.articles) result.skipped = result.surveys.skipped;
  }
  return result;
}

async function main(): Promise<number> {
  installExitHandlers();
  const config = loadBenchConfig();
  const machine = machineInfo();
  console.log(
    `OSP bench: ${config.runs} × ${config.duration} s per target, ${config.connections} connections, engines ${config.engines.join(', ')}, ` +
      `suites ${config.suites.join(', ')}; ` +
      `${machine.nproc} cores, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine,
    settings: {
      duration: config.duration,
      runs: config.runs,
      connections: config.connections,
      warmup: config.warmup,
      engines: config.engines,
      ospLogLevel: config.ospLogLevel,
      suites: config.suites,
      bills: config.bills,
      articles: config.articles,
      surveys: config.surveys,
      sqliteDir: config.sqliteDir,
    },
    note: config.note,
    goals: GOALS,
    engines: [],
  };
  for (const engine of config.engines) report.engines.push(await runEngine(engine, config));

  console.log(`\n${consoleTable(report)}\n`);
  writeJson(JSON_FILE, report);
  console.log(`wrote ${path.relative(ROOT_DIR, JSON_FILE)}`);
  if (config.writeDocs) {
    writeDoc(DOC_FILE, report);
    console.log(`wrote ${path.relative(ROOT_DIR, DOC_FILE)}`);
  }
  const failed = report.engines.some(
    (section) =>
      section.targets.some((t) => t.error) ||
      (section.bills?.targets.some((t) => t.error || (t.agree?.failures ?? 0) > 0) ?? false) ||
      (section.articles?.targets.some((t) => t.error) ?? false) ||
      (section.surveys?.targets.some((t) => t.error || (t.fill?.failures ?? 0) + (t.fill?.warmupFailures ?? 0) > 0) ?? false),
  );
  return failed ? 1 : 0;
}

runThenCleanUp(main);

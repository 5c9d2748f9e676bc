/** The results: a console table, Markdown for docs/performance.md and bench/results/latest.json. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchConfig, EngineName } from './config';
import type { Measurement } from './load';
import type { TargetId } from './targets';
import { BILLS_GOALS, type BillsSection, type BillsTargetResult } from './bills-suite';
import { ARTICLES_GOALS, type ArticlesSection, type ArticlesTargetResult } from './articles-suite';
import { SURVEYS_GOALS, type FillRun, type SurveysSection, type SurveysTargetResult } from './surveys-suite';

export const GOALS = { minRatio: 0.35, maxP99Ms: 25 } as const;

export interface GoalCheck {
  ratioMet: boolean;
  p99Met: boolean;
  clean: boolean;
  met: boolean;
}

export interface TargetResult {
  id: TargetId;
  label: string;
  hasGoal: boolean;
  measurement?: Measurement;
  /** Requests/s as a share of the hello-world baseline of the same engine section. */
  ratio?: number;
  goal?: GoalCheck;
  error?: string;
}

export interface EngineResult {
  engine: EngineName;
  skipped?: string;
  targets: TargetResult[];
  /** The approval-bills suite, when it ran. */
  bills?: BillsSection;
  /** The articles suite, when it ran. */
  articles?: ArticlesSection;
  /** The surveys suite, when it ran. */
  surveys?: SurveysSection;
}

export interface Machine {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverageAtStart: number[];
}

export interface BenchReport {
  date: string;
  machine: Machine;
  settings: Pick<
    BenchConfig,
    'duration' | 'runs' | 'connections' | 'warmup' | 'engines' | 'ospLogLevel' | 'suites' | 'bills' | 'articles' | 'surveys' | 'sqliteDir'
  >;
  note: string;
  goals: typeof GOALS;
  engines: EngineResult[];
}

export function machineInfo(): Machine {
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

export function checkGoal(measurement: Measurement, ratio: number): GoalCheck {
  const ratioMet = ratio >= GOALS.minRatio;
  const p99Met = measurement.p99 < GOALS.maxP99Ms;
  const clean = measurement.failures === 0;
  return { ratioMet, p99Met, clean, met: ratioMet && p99Met && clean };
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
// Under 10 % with a decimal: the articles' endpoints run at a fraction of a percent of hello-world, not at 0 %.
const pct = (value: number | undefined) =>
  value === undefined ? '—' : value < 0.1 ? `${(Math.round(value * 1000) / 10).toFixed(1)} %` : `${Math.round(value * 100)} %`;

function verdict(target: TargetResult): string {
  if (target.error) return 'failed';
  if (!target.goal) return '—';
  if (target.goal.met) return 'met';
  const why: string[] = [];
  if (!target.goal.ratioMet) why.push(`req/s ${pct(target.ratio)} < ${pct(GOALS.minRatio)}`);
  if (!target.goal.p99Met) why.push(`p99 ≥ ${GOALS.maxP99Ms} ms`);
  if (!target.goal.clean) why.push(`${target.measurement?.failures ?? 0} failed requests`);
  return `NOT met (${why.join('; ')})`;
}

interface Row {
  engine: string;
  target: string;
  rps: string;
  p99: string;
  ratio: string;
  cpu: string;
  runs: string;
  verdict: string;
}

function rowsOf(report: BenchReport): Row[] {
  const rows: Row[] = [];
  for (const section of report.engines) {
    for (const target of section.targets) {
      const m = target.measurement;
      rows.push({
        engine: section.engine,
        target: target.label,
        rps: m ? int(m.rps) : '—',
        p99: m ? ms(m.p99) : '—',
        ratio: pct(target.ratio),
        cpu: m?.serverCpuUs === undefined ? '—' : int(m.serverCpuUs),
        runs: m ? m.runs.map((run) => int(run.rps)).join(' / ') : (target.error ?? ''),
        verdict: verdict(target),
      });
    }
  }
  return rows;
}

const HEADERS: Row = {
  engine: 'Engine',
  target: 'Server / endpoint',
  rps: 'req/s (median)',
  p99: 'p99 ms (median)',
  ratio: 'vs hello req/s',
  cpu: 'server CPU µs/req',
  runs: 'req/s of each run',
  verdict: 'Target',
};
const COLUMNS = Object.keys(HEADERS) as (keyof Row)[];

function skippedLines(report: BenchReport): string[] {
  return report.engines.flatMap((section) => (section.skipped ? [`${section.engine}: not measured — ${section.skipped}`] : []));
}

function textTable<R extends object>(headers: R, rows: R[]): string {
  const columns = Object.keys(headers) as (keyof R)[];
  const all = [headers, ...rows];
  const widths = columns.map((column) => Math.max(...all.map((row) => String(row[column]).length)));
  const line = (row: R) => columns.map((column, i) => String(row[column]).padEnd(widths[i] ?? 0)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function consoleTable(report: BenchReport): string {
  const parts: string[] = [];
  const foundation = rowsOf(report);
  if (foundation.length > 0) parts.push(textTable(HEADERS, foundation));
  const bills = billsRowsOf(report);
  if (bills.length > 0) parts.push(textTable(BILLS_HEADERS, bills), ...seedLines(report));
  const articles = articlesRowsOf(report);
  if (articles.length > 0) parts.push(textTable(HEADERS, articles), ...articlesSeedLines(report));
  const surveys = surveysRowsOf(report);
  if (surveys.length > 0) parts.push(textTable(SURVEYS_HEADERS, surveys), ...surveysSeedLines(report), ...surveysFillLines(report));
  return [...parts, ...skippedLines(report)].join('\n\n');
}

// ---------- the approval-bills suite ----------

function billsVerdict(target: BillsTargetResult): string {
  if (target.error) return 'failed';
  if (target.kind === 'agree')
    return (target.agree?.failures ?? 0) > 0 ? `${target.agree?.failures} failed requests` : 'measured (no target)';
  if (!target.large) return 'reference';
  if (!target.goal) return '—';
  if (target.goal.met) return 'met';
  const why: string[] = [];
  if (!target.goal.p99Met) why.push(`p99 ≥ ${BILLS_GOALS.maxP99Ms} ms`);
  if (!target.goal.ratioMet) why.push(`req/s ${pct(target.ratio)} of the small set < ${pct(BILLS_GOALS.minRatioToSmall)}`);
  if (!target.goal.clean) why.push(`${target.measurement?.failures ?? 0} failed requests`);
  return `NOT met (${why.join('; ')})`;
}

interface BillsRow {
  engine: string;
  target: string;
  bills: string;
  rps: string;
  p99: string;
  ratio: string;
  cpu: string;
  runs: string;
  verdict: string;
}

const BILLS_HEADERS: BillsRow = {
  engine: 'Engine',
  target: 'Endpoint',
  bills: 'bills',
  rps: 'req/s (median)',
  p99: 'p99 ms (median)',
  ratio: 'vs small set req/s',
  cpu: 'server CPU µs/req',
  runs: 'req/s of each run',
  verdict: 'Target',
};
const BILLS_COLUMNS = Object.keys(BILLS_HEADERS) as (keyof BillsRow)[];

function billsRowsOf(report: BenchReport): BillsRow[] {
  const rows: BillsRow[] = [];
  for (const section of report.engines) {
    for (const target of section.bills?.targets ?? []) {
      const m = target.measurement;
      const a = target.agree;
      rows.push({
        engine: section.engine,
        target: target.label,
        bills: int(target.bills),
        rps: m ? int(m.rps) : a ? `${int(a.opsPerSecond)} agrees/s` : '—',
        p99: m ? ms(m.p99) : a ? ms(a.p99) : '—',
        ratio: pct(target.ratio),
        cpu: m?.serverCpuUs === undefined ? '—' : int(m.serverCpuUs),
        runs: m
          ? m.runs.map((run) => int(run.rps)).join(' / ')
          : a
            ? a.runs.map((run) => int(run.opsPerSecond)).join(' / ')
            : (target.error ?? ''),
        verdict: billsVerdict(target),
      });
    }
  }
  return rows;
}

function seedLines(report: BenchReport): string[] {
  return report.engines.flatMap((section) =>
    (section.bills?.seeds ?? []).map(
      (seed) =>
        `${section.engine}: generated ${int(seed.bills)} bills (${int(seed.rows)} rows in the six bill tables) and ${int(seed.users)} users ` +
        `in ${seed.seconds.toFixed(1)} s; ${seed.benchUser} has ${seed.todoCount} pending tasks` +
        (seed.agreeTasks > 0 ? `; ${int(seed.agreeTasks)} pending tasks for the agree load` : ''),
    ),
  );
}

function billsMarkdown(report: BenchReport): string[] {
  const rows = billsRowsOf(report);
  if (rows.length === 0) return [];
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const { bills } = report.settings;
  return [
    '',
    '### Approval bills (issue 4)',
    '',
    `Per engine two fresh databases: ${int(bills.small)} bills (the reference) and ${int(bills.large)} bills, each with`,
    `${int(bills.users)} generated users, made by \`bench/lib/bills-seed.ts\` (see "The approval-bills suite" above). Signed in as`,
    `\`lisi\`; the agree load uses ${bills.agreeConnections} concurrent requests. Targets, at ${int(bills.large)} bills: p99 under`,
    `${BILLS_GOALS.maxP99Ms} ms, and at least ${pct(BILLS_GOALS.minRatioToSmall)} of the requests/s of the same endpoint at ${int(bills.small)} bills.`,
    '',
    ...seedLines(report).map((line) => `- ${line}`),
    '',
    `| ${BILLS_COLUMNS.map((c) => BILLS_HEADERS[c]).join(' | ')} |`,
    `| ${BILLS_COLUMNS.map((c) => (['bills', 'rps', 'p99', 'ratio', 'cpu'].includes(c) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${BILLS_COLUMNS.map((c) => cell(row[c])).join(' | ')} |`),
  ];
}

// ---------- the articles suite ----------

function articlesVerdict(target: ArticlesTargetResult): string {
  if (target.error) return 'failed';
  if (target.kind === 'hello') return '—';
  if (!target.goal) return '—';
  if (target.goal.met) return 'met';
  const why: string[] = [];
  if (!target.goal.ratioMet) why.push(`req/s ${pct(target.ratio)} < ${pct(ARTICLES_GOALS.minRatio)}`);
  if (!target.goal.p99Met) why.push(`p99 ≥ ${ARTICLES_GOALS.maxP99Ms} ms`);
  if (!target.goal.clean) why.push(`${target.measurement?.failures ?? 0} failed requests`);
  return `NOT met (${why.join('; ')})`;
}

/** The same columns as the foundation table: the ratio is to this suite's own hello-world run. */
function articlesRowsOf(report: BenchReport): Row[] {
  const rows: Row[] = [];
  for (const section of report.engines) {
    for (const target of section.articles?.targets ?? []) {
      const m = target.measurement;
      rows.push({
        engine: section.engine,
        target: target.label,
        rps: m ? int(m.rps) : '—',
        p99: m ? ms(m.p99) : '—',
        ratio: target.kind === 'hello' && m ? '100 %' : pct(target.ratio),
        cpu: m?.serverCpuUs === undefined ? '—' : int(m.serverCpuUs),
        runs: m ? m.runs.map((run) => int(run.rps)).join(' / ') : (target.error ?? ''),
        verdict: articlesVerdict(target),
      });
    }
  }
  return rows;
}

function articlesSeedLines(report: BenchReport): string[] {
  return report.engines.flatMap((section) => {
    const seed = section.articles?.seed;
    if (!seed) return [];
    const mix = Object.entries(seed.mix)
      .map(([state, n]) => `${state} ${int(n)}`)
      .join(', ');
    return [
      `${section.engine}: generated ${int(seed.articles)} articles in ${seed.types} types (${int(seed.rows)} rows in the six article tables) ` +
        `in ${seed.seconds.toFixed(1)} s — ${mix}; ${int(seed.withAudience)} with an audience; ${seed.benchUser} may read ` +
        `${int(seed.readable)}, ${int(seed.unread)} of them unread, ${seed.pendingForced} forced ones pending`,
    ];
  });
}

export const ARTICLES_MARK_START =
  '<!-- bench:articles:start — written by `npm run bench` when the articles suite runs; edits between the markers are overwritten -->';
export const ARTICLES_MARK_END = '<!-- bench:articles:end -->';

/**
 * The articles suite's results in a section of their own, so that running the suite alone (BENCH_SUITES=articles)
 * leaves the recorded foundation and bills results as they are, and a run without it leaves the articles' results.
 */
export function articlesSection(report: BenchReport): string {
  const rows = articlesRowsOf(report);
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const { machine, settings } = report;
  const goalLines = report.engines.flatMap((section) =>
    (section.articles?.targets ?? [])
      .filter((target) => target.kind !== 'hello')
      .map((target) => `- ${section.engine}, ${target.label} at ${int(settings.articles.count)} articles: **${articlesVerdict(target)}**`),
  );
  goalLines.push(
    ...report.engines.flatMap((section) =>
      section.articles?.skipped ? [`- ${section.engine}: not measured — ${section.articles.skipped}`] : [],
    ),
  );
  return [
    ARTICLES_MARK_START,
    '## Latest articles run (issue 15)',
    '',
    `- Date: ${report.date}`,
    `- Machine: ${machine.nproc} CPU cores (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node}`,
    `- Load average when the run began (1, 5, 15 min): ${machine.loadAverageAtStart.join(', ')}`,
    ...(report.note ? [`- Note: ${report.note}`] : []),
    `- Settings: ${settings.runs} × ${settings.duration} s per target after ${settings.warmup} s of warm-up, ${settings.connections} connections, engines ${settings.engines.join(', ')}`,
    '',
    `Per engine one fresh database with ${int(settings.articles.count)} generated articles, made by \`bench/lib/articles-seed.ts\``,
    '(see "The articles suite (issue 15)" above; method as in "Latest run"). Signed in as `zhangsan`. Each endpoint serves at least',
    `${pct(ARTICLES_GOALS.minRatio)} of the requests/s of the hello-world baseline measured in this suite just before it, with a p99`,
    `under ${ARTICLES_GOALS.maxP99Ms} ms and no failed request.`,
    ...(report.settings.articles.pgJit === 'off'
      ? ['**PostgreSQL ran with `jit = off` for the database (`BENCH_PG_JIT=off`), not its default.**']
      : []),
    '',
    ...articlesSeedLines(report).map((line) => `- ${line}`),
    '',
    `| ${COLUMNS.map((c) => HEADERS[c]).join(' | ')} |`,
    `| ${COLUMNS.map((c) => (['rps', 'p99', 'ratio', 'cpu'].includes(c) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${COLUMNS.map((c) => cell(row[c])).join(' | ')} |`),
    '',
    '### Articles: targets met?',
    '',
    ...goalLines,
    ARTICLES_MARK_END,
  ].join('\n');
}

// ---------- the surveys suite ----------

function surveysVerdict(engine: string, target: SurveysTargetResult): string {
  if (target.error) return 'failed';
  if (target.kind === 'summary-computed') return 'measured (no target: the summary kept is what reads answer)';
  const goal = target.goal;
  if (!goal) return '—';
  const why: string[] = [];
  if (!goal.rpsMet) why.push(`${int(target.fill?.rps ?? 0)} answers/s < ${int(SURVEYS_GOALS.fillMinRps)}`);
  if (!goal.p99Met) why.push(`p99 ≥ ${target.kind === 'fill' ? SURVEYS_GOALS.fillMaxP99Ms : SURVEYS_GOALS.summaryMaxP99Ms} ms`);
  if (!goal.clean) {
    const failed = target.fill ? target.fill.failures + target.fill.warmupFailures : (target.measurement?.failures ?? 0);
    why.push(`${failed} failed requests`);
  }
  const outcome = goal.met ? 'met' : `NOT met (${why.join('; ')})`;
  // The issue sets the fill's goal for SQLite; other engines are measured against it for information only.
  return goal.applies ? outcome : `no goal on ${engine} (SQLite's: ${goal.met ? 'would be met' : `would NOT be met: ${why.join('; ')}`})`;
}

interface SurveysRow {
  engine: string;
  target: string;
  size: string;
  rps: string;
  mean: string;
  p99: string;
  cpu: string;
  runs: string;
  verdict: string;
}

const SURVEYS_HEADERS: SurveysRow = {
  engine: 'Engine',
  target: 'Endpoint',
  size: 'data',
  rps: 'req/s (median)',
  mean: 'mean ms (median)',
  p99: 'p99 ms (median)',
  cpu: 'server CPU µs/req',
  runs: 'req/s of each run',
  verdict: 'Target',
};
const SURVEYS_COLUMNS = Object.keys(SURVEYS_HEADERS) as (keyof SurveysRow)[];

function surveysRowsOf(report: BenchReport): SurveysRow[] {
  const rows: SurveysRow[] = [];
  for (const section of report.engines) {
    const seed = section.surveys?.seed;
    for (const target of section.surveys?.targets ?? []) {
      const f = target.fill;
      const m = target.measurement;
      const cpu = f?.serverCpuUs ?? m?.serverCpuUs;
      rows.push({
        engine: section.engine,
        target: target.label,
        size:
          !seed || target.kind === 'hello'
            ? '—'
            : target.kind === 'fill'
              ? `${int(seed.people)} people`
              : `${int(seed.responses)} responses`,
        rps: f ? `${int(f.rps)} answers/s` : m ? int(m.rps) : '—',
        mean: f ? ms(f.mean) : target.mean !== undefined ? ms(target.mean) : '—',
        p99: f ? ms(f.p99) : m ? ms(m.p99) : '—',
        cpu: cpu === undefined ? '—' : int(cpu),
        runs: f ? f.runs.map((run) => int(run.rps)).join(' / ') : m ? m.runs.map((run) => int(run.rps)).join(' / ') : (target.error ?? ''),
        verdict: surveysVerdict(section.engine, target),
      });
    }
  }
  return rows;
}

function surveysSeedLines(report: BenchReport): string[] {
  return report.engines.flatMap((section) => {
    const seed = section.surveys?.seed;
    if (!seed) return [];
    return [
      `${section.engine}: generated ${int(seed.people)} people targeted by a released ${seed.questions}-question survey, and ` +
        `${int(seed.responses)} responses of a second one with their counters (${int(seed.cells)} cells, ${int(seed.texts)} texts) ` +
        `— ${int(seed.rows)} rows in ${seed.seconds.toFixed(1)} s`,
    ];
  });
}

/** Where a run's latency was spent: in the server (its request log), and how busy the load generator was. */
function fillWhereLines(runs: readonly FillRun[]): string {
  const all = `; p99 with each connection's first request (autocannon's own) ${runs.map((run) => run.p99All).join(' / ')} ms`;
  const inServer = runs.every((run) => run.serverP99 !== undefined)
    ? `; p99 in the server (request log, from the request read to the answer sent) ${runs.map((run) => run.serverP99).join(' / ')} ms`
    : '';
  const load = runs.every((run) => run.loadCores !== undefined)
    ? `; the load generator used ${runs.map((run) => run.loadCores?.toFixed(2)).join(' / ')} cores`
    : '';
  return all + inServer + load;
}

function surveysFillLines(report: BenchReport): string[] {
  return report.engines.flatMap((section) =>
    (section.surveys?.targets ?? []).flatMap((target) => {
      const f = target.fill;
      if (!f) return [];
      const seconds = f.runs.map((run) => run.seconds.toFixed(1)).join(' / ');
      return [
        `${section.engine}: fill warm-up ${int(f.warmupPeople)} people, then ${f.runs.length} runs of ${int(f.runs[0]?.people ?? 0)} people ` +
          `(${seconds} s), ${f.connections} connections; afterwards the database held ${int(f.database.responses)} responses, ` +
          `${int(f.database.submitted)} submitted assignments, ${int(f.database.counted)} counted responses and ${int(f.database.points)} ` +
          `points awards for ${int(f.database.expected)} accepted answers; ${int(f.database.touchedSessions)} sessions touched` +
          fillWhereLines(f.runs),
      ];
    }),
  );
}

export const SURVEYS_MARK_START =
  '<!-- bench:surveys:start — written by `npm run bench` when the surveys suite runs; edits between the markers are overwritten -->';
export const SURVEYS_MARK_END = '<!-- bench:surveys:end -->';

/** The surveys suite's results in a section of their own, as the articles' are. */
export function surveysSection(report: BenchReport): string {
  const rows = surveysRowsOf(report);
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const { machine, settings } = report;
  const goalLines = report.engines.flatMap((section) =>
    (section.surveys?.targets ?? [])
      .filter((target) => target.kind !== 'hello')
      .map((target) => `- ${section.engine}, ${target.label}: **${surveysVerdict(section.engine, target)}**`),
  );
  goalLines.push(
    ...report.engines.flatMap((section) =>
      section.surveys?.skipped ? [`- ${section.engine}: not measured — ${section.surveys.skipped}`] : [],
    ),
  );
  const s = settings.surveys;
  return [
    SURVEYS_MARK_START,
    '## Latest surveys run (issue 16)',
    '',
    `- Date: ${report.date}`,
    `- Machine: ${machine.nproc} CPU cores (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node}`,
    `- Load average when the run began (1, 5, 15 min): ${machine.loadAverageAtStart.join(', ')}`,
    ...(report.note ? [`- Note: ${report.note}`] : []),
    `- Settings: fill — ${int(s.people)} people, ${int(s.warmupPeople)} of them for the warm-up, the rest over ${settings.runs} runs; ` +
      `summary — ${settings.runs} × ${settings.duration} s after ${settings.warmup} s of warm-up; ${settings.connections} connections; engines ${settings.engines.join(', ')}`,
    '',
    `Per engine one fresh database made by \`bench/lib/surveys-seed.ts\` (see "The surveys suite (issue 16)" above). Targets:`,
    `the fill sustains at least ${int(SURVEYS_GOALS.fillMinRps)} answers/s with a p99 under ${SURVEYS_GOALS.fillMaxP99Ms} ms on SQLite (the fill's p99 leaves out each`,
    `connection's first request, timed from before its connection opened: autocannon's own p99 is given below the table); the summary of`,
    `${int(s.responses)} responses answers with a p99 under ${SURVEYS_GOALS.summaryMaxP99Ms} ms at ${settings.connections} connections; no failed request.`,
    'The hello-world baseline, measured in the same section just before, says how much of the machine the run had.',
    ...(settings.sqliteDir
      ? [
          `**SQLite's databases were made under \`${settings.sqliteDir}\` (\`BENCH_SQLITE_DIR\`), not the temporary folder: an experiment.**`,
        ]
      : []),
    '',
    ...surveysSeedLines(report).map((line) => `- ${line}`),
    ...surveysFillLines(report).map((line) => `- ${line}`),
    '',
    `| ${SURVEYS_COLUMNS.map((c) => SURVEYS_HEADERS[c]).join(' | ')} |`,
    `| ${SURVEYS_COLUMNS.map((c) => (['size', 'rps', 'mean', 'p99', 'cpu'].includes(c) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${SURVEYS_COLUMNS.map((c) => cell(row[c])).join(' | ')} |`),
    '',
    '### Surveys: targets met?',
    '',
    ...goalLines,
    SURVEYS_MARK_END,
  ].join('\n');
}

function markdownTable(report: BenchReport): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = rowsOf(report);
  return [
    `| ${COLUMNS.map((c) => HEADERS[c]).join(' | ')} |`,
    `| ${COLUMNS.map((c) => (['rps', 'p99', 'ratio', 'cpu'].includes(c) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${COLUMNS.map((c) => cell(row[c])).join(' | ')} |`),
  ].join('\n');
}

export const MARK_START = '<!-- bench:results:start — written by `npm run bench`; edits between the markers are overwritten -->';
export const MARK_END = '<!-- bench:results:end -->';

export function markdownSection(report: BenchReport): string {
  const { machine, settings } = report;
  const goalLines: string[] = [];
  for (const section of report.engines) {
    for (const target of section.targets) {
      if (target.hasGoal) goalLines.push(`- ${section.engine}, ${target.label}: **${verdict(target)}**`);
    }
    for (const target of section.bills?.targets ?? []) {
      if (target.large && target.kind !== 'agree') {
        goalLines.push(`- ${section.engine}, ${target.label} at ${int(target.bills)} bills: **${billsVerdict(target)}**`);
      }
    }
  }
  const hasFoundation = report.engines.some((section) => section.targets.length > 0);
  goalLines.push(...skippedLines(report).map((line) => `- ${line}`));
  return [
    MARK_START,
    '## Latest run',
    '',
    `- Date: ${report.date}`,
    `- Machine: ${machine.nproc} CPU cores (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node}`,
    // The load average lags by minutes, so it is shown, not judged: BENCH_NOTE says what else ran.
    `- Load average when the run began (1, 5, 15 min): ${machine.loadAverageAtStart.join(', ')}`,
    ...(report.note ? [`- Note: ${report.note}`] : []),
    `- Settings: ${settings.runs} × ${settings.duration} s per target after ${settings.warmup} s of warm-up, ${settings.connections} connections, engines ${settings.engines.join(', ')}, suites ${settings.suites.join(', ')}`,
    '',
    '### Method',
    '',
    '- Every server runs in a child process of its own (`node --import tsx …`), started fresh for each target, warmed up with',
    `  ${settings.warmup} s of the same load (discarded), measured ${settings.runs} times for ${settings.duration} s, then stopped. autocannon`,
    `  generates the load from the parent process with ${settings.connections} connections and no pipelining, so on a 2-core machine the`,
    '  load generator and the server each get about one core.',
    "- Figures: the median over the runs of autocannon's mean requests/s, and the median over the runs of the p99 latency.",
    "  Since 2026-11-28 the p99 leaves out each connection's first request, which autocannon times from before its",
    '  connection opened (`bench/connection-start.ts`; runs recorded before then include them).',
    '  Any non-2xx answer or connection error makes the target fail.',
    '- "server CPU µs/req": CPU time (user + system, from /proc) of the server process per answered request, median over the',
    '  runs. It is far less sensitive than req/s to other work on the machine; for PostgreSQL it leaves out the database',
    "  server's own CPU.",
    '- Baseline (a) `bench/servers/hello.ts`: bare Fastify 5, `GET /` answers `{hello:"world"}`, no logging.',
    '- Baseline (b) `bench/servers/one-row.ts`: bare Fastify 5 reading one row by a unique indexed column of a 1 000-row table',
    '  through the same driver as OSP — a prepared better-sqlite3 statement (WAL) or a `pg.Pool` (max 10) query — no logging.',
    '- OSP: `node --import tsx apps/server/src/main.ts` as in production with demo data, signed in as `zhangsan`, sending',
    `  \`Authorization: Bearer <token>\` and \`Service: dashboard\`; \`LOG_LEVEL=${settings.ospLogLevel}\` (one log line per request), stdout to /dev/null.`,
    '',
    '### Targets',
    '',
    `Each OSP endpoint serves at least ${pct(GOALS.minRatio)} of the requests/s of the hello-world baseline measured in the same`,
    `engine section, with a p99 latency under ${GOALS.maxP99Ms} ms.`,
    '',
    '### Results',
    '',
    ...(hasFoundation ? [markdownTable(report)] : ['(suite "foundation" not run)']),
    ...billsMarkdown(report),
    '',
    '### Targets met?',
    '',
    ...goalLines,
    MARK_END,
  ].join('\n');
}

const DOC_HEADER = `# Performance

Speed is measured by \`npm run bench\` (\`bench/run.ts\`) against bare Fastify baselines measured in the same run
(DESIGN §8). The section between the markers below is rewritten by every run; the rest of this file is written by hand.

Run it with \`npm run bench\`. Knobs: \`BENCH_DURATION\` (seconds per run, default 10), \`BENCH_RUNS\` (default 3),
\`BENCH_CONNECTIONS\` (default 50), \`BENCH_ENGINES\` (default \`sqlite,postgres\`). A quick smoke run:
\`BENCH_DURATION=2 BENCH_RUNS=1 npm run bench\`.
`;

/** `text` with the part from `startPrefix` to `end` replaced by `section`; appended after `after` (or at the end) when absent. */
function replaceBetween(text: string, startPrefix: string, end: string, section: string, after?: string): string {
  const start = text.indexOf(startPrefix);
  const stop = text.indexOf(end);
  if (start >= 0 && stop > start) return text.slice(0, start) + section + text.slice(stop + end.length);
  const anchor = after === undefined ? -1 : text.indexOf(after);
  if (anchor >= 0) return `${text.slice(0, anchor + (after ?? '').length)}\n\n${section}${text.slice(anchor + (after ?? '').length)}`;
  return `${text.trimEnd()}\n\n${section}\n`;
}

/**
 * Replaces the generated sections of the file that this run measured — the foundation and bills results, the articles
 * results, the surveys results — keeping everything written by hand around them and the sections of suites that did not run.
 */
export function writeDoc(file: string, report: BenchReport): void {
  let next = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `${DOC_HEADER}\n`;
  const suites = report.settings.suites;
  if (suites.includes('foundation') || suites.includes('bills')) {
    next = replaceBetween(next, '<!-- bench:results:start', MARK_END, markdownSection(report));
  }
  if (suites.includes('articles')) {
    next = replaceBetween(next, '<!-- bench:articles:start', ARTICLES_MARK_END, articlesSection(report), MARK_END);
  }
  if (suites.includes('surveys')) {
    const after = next.includes(ARTICLES_MARK_END) ? ARTICLES_MARK_END : MARK_END;
    next = replaceBetween(next, '<!-- bench:surveys:start', SURVEYS_MARK_END, surveysSection(report), after);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
}

export function writeJson(file: string, report: BenchReport): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

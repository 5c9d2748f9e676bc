/**
 * `node --import tsx bench/export.ts`: GET /api/export/bills (issue 13) of 100 000 bills on SQLite.
 *
 * A temporary database gets the demo company (the OSP server's first start) and `BENCH_EXPORT_BILLS` generated
 * bills (bench/lib/bills-seed.ts: copies of the demo bills across every template and status). The generated user
 * benchagree follows all of them (his 我关注的 box), u00002 follows one bill in ten; then, against the OSP server in a
 * child process, it measures:
 * - the large box read as fast as the client takes it, `BENCH_RUNS` times: rows/s (median) and the server's peak RSS;
 * - the small box the same way: the same peak RSS with a tenth of the rows is what "flat memory" means;
 * - the large box read by a slow client (about 2 MB/s): the server must hold back, not buffer the file.
 * Peak RSS is sampled from /proc/<pid>/status every 20 ms during each export; each file is then read back with
 * exceljs's streaming reader and its rows counted. Prints a Markdown table for docs/performance.md; writes nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { loadBenchConfig } from './lib/config';
import { prepareEngine } from './lib/engines';
import { installExitHandlers, makeTempDir, runThenCleanUp, stopServer } from './lib/processes';
import { AGREE_USER, seedBills } from './lib/bills-seed';
import { signIn, startOsp } from './lib/targets';

const BILLS = Number(process.env.BENCH_EXPORT_BILLS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LARGE_USER = AGREE_USER;
const SMALL_USER = 'u00002';
const PASSWORD = 'Demo@1234';
const GOALS = { maxPeakRssMb: 200, minRowsPerSecond: 20_000 } as const;
/** The slow reader: takes 64 KiB, then waits this long (about 2 MB/s). */
const SLOW_PAUSE_MS = 32;

interface ExportRun {
  label: string;
  rows: number;
  seconds: number;
  firstByteMs: number;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Counts the data rows of an xlsx with exceljs's streaming reader (the file never sits in memory whole). */
async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
  }
  return rows - 1;
}

/** One export into `file`, with the server's RSS sampled all along; `isSlow` reads it at about 2 MB/s. */
async function exportOnce(label: string, url: string, token: string, pid: number, file: string, isSlow: boolean): Promise<ExportRun> {
  const rssBeforeMb = rssMb(pid, 'VmRSS');
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        firstByteMs = performance.now() - started;
        if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('spreadsheetml')) {
          response.resume();
          reject(new Error(`${label}: HTTP ${response.statusCode} ${String(response.headers['content-type'])}`));
          return;
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!isSlow) return;
          // A slow network: the server's writes must wait for it, not pile up in its memory.
          response.pause();
          setTimeout(() => response.resume(), SLOW_PAUSE_MS);
        });
        pipeline(response, fs.createWriteStream(file)).then(resolve, reject);
      });
      request.on('error', reject);
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peakRssMb = Math.max(peakRssMb, rssMb(pid, 'VmRSS'));
  const rows = await countRows(file);
  return { label, rows, seconds, firstByteMs, bytes, rssBeforeMb, peakRssMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const mb = (value: number) => value.toFixed(0);

async function main(): Promise<number> {
  installExitHandlers();
  const config = { ...loadBenchConfig(), engines: ['sqlite' as const] };
  const preparation = await prepareEngine('sqlite', config);
  if (!preparation.ok) throw new Error(preparation.reason);
  const { setup } = preparation;
  const work = makeTempDir('osp-bench-export');

  // The machine's load goes into the report: on a shared machine it explains more of the spread than the code does.
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ');
  console.log(`load average ${load()} on ${os.cpus().length} cores`);
  console.log(`[sqlite] first start: migrations and the demo company`);
  const first = await startOsp(setup, config, '/api/user/profile');
  await stopServer(first.server);

  console.log(`[sqlite] generating ${BILLS.toLocaleString('en-US')} bills`);
  const demoMax = (() => {
    const db = new Database(path.join(setup.ospEnv.DATA_DIR ?? '', 'osp.sqlite'), { readonly: true });
    try {
      return Number((db.prepare('select coalesce(max(id), 0) as m from bills').get() as { m: number }).m);
    } finally {
      db.close();
    }
  })();
  const seeded = await seedBills(setup, { bills: BILLS, users: 2000, todo: 0, agreeTasks: 0 });
  console.log(`  ${seeded.rows.toLocaleString('en-US')} rows in ${seeded.seconds.toFixed(0)} s`);
  {
    const db = new Database(path.join(setup.ospEnv.DATA_DIR ?? '', 'osp.sqlite'));
    try {
      const now = new Date().toISOString();
      const idOf = (username: string) => (db.prepare('select id from users where username = ?').get(username) as { id: number }).id;
      db.prepare('insert into bill_tracks (user_id, bill_id, created_at) select ?, id, ? from bills where id > ?').run(
        idOf(LARGE_USER),
        now,
        demoMax,
      );
      db.prepare('insert into bill_tracks (user_id, bill_id, created_at) select ?, id, ? from bills where id > ? and id % 10 = 0').run(
        idOf(SMALL_USER),
        now,
        demoMax,
      );
    } finally {
      db.close();
    }
  }

  const started = await startOsp(setup, config, '/api/bills?box=tracked', [], { username: LARGE_USER, password: PASSWORD });
  const runs: ExportRun[] = [];
  try {
    const { server, base } = started;
    const large = await signIn(base, { username: LARGE_USER, password: PASSWORD });
    const small = await signIn(base, { username: SMALL_USER, password: PASSWORD });
    const url = `${base}/api/export/bills?box=tracked`;
    const file = path.join(work, 'export.xlsx');
    console.log(`[sqlite] OSP server pid ${server.pid}, ${mb(rssMb(server.pid, 'VmRSS'))} MB RSS after start`);
    // One export of the small box first: the code paths are loaded and compiled before anything is measured.
    await exportOnce('warm-up', url, small, server.pid, file, false);
    const plan: [string, string, boolean][] = [
      ...Array.from({ length: RUNS }, (_, i): [string, string, boolean] => [`large box, run ${i + 1}`, large, false]),
      ['small box (a tenth)', small, false],
      ['large box, slow reader (~2 MB/s)', large, true],
    ];
    for (const [label, token, isSlow] of plan) {
      const run = await exportOnce(label, url, token, server.pid, file, isSlow);
      runs.push(run);
      console.log(
        `  ${label}: ${run.rows.toLocaleString('en-US')} rows in ${run.seconds.toFixed(2)} s = ${Math.round(run.rows / run.seconds).toLocaleString('en-US')} rows/s, ` +
          `first byte ${run.firstByteMs.toFixed(0)} ms, ${(run.bytes / 1048576).toFixed(1)} MB, RSS ${mb(run.rssBeforeMb)} → peak ${mb(run.peakRssMb)} MB`,
      );
    }
    console.log(`  server VmHWM (peak RSS since start): ${mb(rssMb(server.pid, 'VmHWM'))} MB`);
  } finally {
    await stopServer(started.server);
  }

  const largeRuns = runs.filter((run) => run.label.startsWith('large box, run'));
  const rowsPerSecond = median(largeRuns.map((run) => run.rows / run.seconds));
  const peak = Math.max(...runs.map((run) => run.peakRssMb));
  const expectedRows = [BILLS, BILLS / 10];
  const isComplete = runs.every((run) => expectedRows.includes(run.rows));
  console.log('\n| export | rows | seconds | rows/s | first byte | file | RSS before → peak |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    console.log(
      `| ${run.label} | ${run.rows.toLocaleString('en-US')} | ${run.seconds.toFixed(2)} | ${Math.round(run.rows / run.seconds).toLocaleString('en-US')} | ` +
        `${run.firstByteMs.toFixed(0)} ms | ${(run.bytes / 1048576).toFixed(1)} MB | ${mb(run.rssBeforeMb)} → ${mb(run.peakRssMb)} MB |`,
    );
  }
  const rateMet = rowsPerSecond >= GOALS.minRowsPerSecond;
  const rssMet = peak < GOALS.maxPeakRssMb;
  console.log(
    `\nmedian ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s (goal ≥ ${GOALS.minRowsPerSecond.toLocaleString('en-US')}: ${rateMet ? 'met' : 'NOT met'}); ` +
      `peak RSS ${mb(peak)} MB (goal < ${GOALS.maxPeakRssMb}: ${rssMet ? 'met' : 'NOT met'}); every file complete: ${isComplete ? 'yes' : 'NO'}`,
  );
  console.log(`load average ${load()} at the end`);
  await setup.dispose();
  return rateMet && rssMet && isComplete ? 0 : 1;
}

runThenCleanUp(main);

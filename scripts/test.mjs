#!/usr/bin/env node
// `npm test`: every test (DESIGN §8). Unit and server suites on SQLite, the server suite again on
// PostgreSQL, then the Playwright journeys in Chromium. Under CI=true a missing PostgreSQL or
// browser is a failure; on a developer's machine it is skipped with a warning.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const isCI = Boolean(process.env.CI);
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/osp_test';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'osp-test-report-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit` or `npm test -- e2e`

/** Makes sure the test database exists; answers whether PostgreSQL is usable. */
async function preparePostgres() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
    return true;
  } catch (error) {
    console.warn(`PostgreSQL at ${url.host} is not usable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const failures = [];
let passed = 0;
let failed = 0;
let skipped = 0;

if (only.length === 0 || only.includes('unit')) {
  const projects = ['shared', 'repo', 'web', 'server:sqlite'];
  if (await preparePostgres()) projects.push('server:postgres');
  else if (isCI) failures.push('PostgreSQL is required under CI (set TEST_DATABASE_URL or start it on 127.0.0.1:5432)');
  else console.warn('!!! Skipping the PostgreSQL run of the server suite: no PostgreSQL reachable.');

  const vitestReport = path.join(reportDir, 'vitest.json');
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ];
  const status = run('npx', args, { TEST_DATABASE_URL: databaseUrl });
  const report = readJson(vitestReport);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  if (status !== 0) failures.push('vitest');
}

if (only.length === 0 || only.includes('e2e')) {
  if (fs.existsSync(chromium)) {
    const playwrightReport = path.join(reportDir, 'playwright.json');
    const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
    const report = readJson(playwrightReport);
    if (report?.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    }
    if (status !== 0) failures.push('playwright');
  } else if (isCI) {
    failures.push(`Chromium is required under CI (${chromium}); .ci/run installs it`);
  } else {
    console.warn(`!!! Skipping the browser journeys: no Chromium at ${chromium} (apt-get install -y chromium fonts-noto-cjk).`);
  }
}

fs.rmSync(reportDir, { recursive: true, force: true });
if (failures.length > 0) console.error(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);

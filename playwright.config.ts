import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './e2e/support/env';

/**
 * Browser journeys (DESIGN §8) in Debian's Chromium against the real server with a fresh demo
 * database. e2e/support/start-server.mjs wipes the data folder and rebuilds the web app (into
 * <data folder>-web, the run's own copy) when its sources are newer than that build, before it starts
 * the server (Playwright starts webServer before any globalSetup could build it).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Each journey makes the people, bills and templates it changes through the API (e2e/support/people.ts) and
  // only reads demo data that no journey changes, so journeys run side by side and in any order. A file whose
  // journeys share a global list keeps them in order itself (templates-admin.spec.ts).
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two cores, here and under CI: two browsers at a time.
  workers: 2,
  // A journey that fails fails the run: no second try hides an order it depends on.
  retries: 0,
  // The longest journeys (an approval through three people, the share and notify round) take 20–40 s alone and up
  // to a minute beside another browser on this two-core machine; on 2026-11-28 the same host ran every journey two
  // to three times slower (a 50 s journey took 1.6 min and timed out at 90 s). The limit leaves room for that, not
  // for a hang: an expectation that never holds still fails after its own minute.
  timeout: 180_000,
  // A page's first load (sign-in, the signed-in chunk, the menu, the forced-read check, the page's data) took up to
  // 12 s beside a second browser on this two-core machine when the host was loaded (load average 11 on 2026-11-27),
  // 26 s at load average 13 (2026-11-28); CI failed twice on a first click after a load that a file had limited to
  // 15 s. Every action and expectation gets a minute, set here once: a control that never comes still fails well
  // inside the journey's time, with what it waited for.
  expect: { timeout: 60_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // scripts/test.mjs (`npm test`) reads the counts from this file.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 60_000,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // The first run may build the web app before the server starts.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // start-server.mjs sets DATA_DIR to its own wiped folder (E2E_DATA_DIR, default <tmp>/osp-e2e-data);
      // the database is always the embedded SQLite file there, whatever the calling shell points at.
      DATABASE_URL: '',
      SQLITE_FILE: '',
      LOG_LEVEL: 'warn',
      OSP_DEMO: '1',
      // Mails are written to the data folder's outbox/, where the recovery journey reads them.
      SMTP_HOST: '',
    },
  },
});

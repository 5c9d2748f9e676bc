/**
 * `npm run bench:first-load` (issue 12): the bytes a browser with an empty cache receives to show
 * /login and /dashboard, compared with a bare Vite + React + antd page drawing the same sign-in
 * form (bench/floor-app). Issue 12 asks that /login's JavaScript stay within 1.2× of that floor.
 *
 * 1. Builds the floor app and the web app (into bench/results/first-load/, so that apps/web/dist,
 *    which the browser journeys use, is left alone).
 * 2. Starts the real OSP server on a fresh SQLite demo database, once with the web app and once with
 *    the floor app as its WEB_DIST, so that both are served exactly as in production.
 * 3. Loads each page in Chromium with a new, empty context (for /dashboard with the session cookie of
 *    `admin`, signed in through the API) and lists every response it fetched.
 * 4. Fetches each of those files again with `Accept-Encoding: br`, `gzip` and `identity` and counts
 *    the bytes of the body as sent: Chromium's own choice of encoding would hide what a browser that
 *    lacks brotli receives. API answers are counted as Chromium received them (they are not
 *    precompressed, and fetching them again would need the session and repeat side effects).
 *
 * `--web-dist <folder>` measures an existing build instead of building the web app (how the numbers
 * before issue 12 were taken from a build of the earlier sources).
 * Writes bench/results/first-load.json and prints the tables for docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from '@playwright/test';
import { ROOT_DIR } from './lib/config';
import { freePort, waitUntilServing } from './lib/http';
import { installExitHandlers, makeTempDir, runThenCleanUp, startServer, stopServer, type ServerProcess } from './lib/processes';
import { signIn } from './lib/targets';

/** Issue 12: /login's JavaScript may cost at most this multiple of the floor's. */
const LIMIT = 1.2;
const OUT_DIR = path.join(ROOT_DIR, 'bench/results/first-load');
const JSON_FILE = path.join(ROOT_DIR, 'bench/results/first-load.json');
const VITE = path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN = { username: 'admin', password: 'Demo@1234' };

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const KINDS = ['html', 'js', 'css', 'other', 'api'] as const;
type Kind = (typeof KINDS)[number];

interface Resource {
  url: string;
  kind: Kind;
  /** The encoded body size Chromium reported. */
  browserBytes: number;
  browserEncoding: string;
  /** Body bytes as the server sends them for each Accept-Encoding. */
  bytes: Record<Encoding, number>;
  /** What the server answered with for each Accept-Encoding (`identity` when no Content-Encoding). */
  servedAs: Record<Encoding, string>;
}

interface PageResult {
  name: string;
  url: string;
  /** Chromium's own Accept-Encoding for the document. */
  acceptEncoding: string;
  resources: Resource[];
  totals: Record<Kind | 'total', Record<Encoding | 'browser', number>>;
}

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/oa/') || pathname.startsWith('/account/');
}

function kindOf(request: Request): Kind {
  const { pathname } = new URL(request.url());
  if (isApiPath(pathname)) return 'api';
  const type = request.resourceType();
  if (type === 'document') return 'html';
  if (type === 'script' || pathname.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || pathname.endsWith('.css')) return 'css';
  return 'other';
}

/** The body of one GET as it travels (no decompression), and the encoding the server chose. */
function rawGet(url: string, acceptEncoding: Encoding): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding, accept: '*/*' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} (${acceptEncoding}) answered ${response.statusCode}`));
        else resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** The OSP server as in production, on a fresh SQLite demo database, serving `webDist`. */
async function startOsp(webDist: string): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServer(`osp (${path.basename(webDist)})`, 'apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: makeTempDir('osp-first-load'),
    DATABASE_URL: '',
    SQLITE_FILE: '',
    OSP_DEMO: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${base}/api/health`, server, 120_000);
  return { server, base };
}

function emptyTotals(): PageResult['totals'] {
  const row = () => ({ br: 0, gzip: 0, identity: 0, browser: 0 });
  return { html: row(), js: row(), css: row(), other: row(), api: row(), total: row() };
}

/**
 * Opens `url` in a new context (an empty cache), waits until `isShown` holds and the network is
 * quiet, and measures every response.
 */
async function measurePage(
  browser: Browser,
  name: string,
  url: string,
  isShown: (page: Page) => Promise<void>,
  token?: string,
): Promise<PageResult> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  if (token) await context.addCookies([{ name: 'osp_token', value: token, url }]);
  const page = await context.newPage();
  const finished: Promise<Omit<Resource, 'bytes' | 'servedAs'> & { acceptEncoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      (async () => {
        const [sizes, response, headers] = await Promise.all([request.sizes(), request.response(), request.allHeaders()]);
        return {
          url: request.url(),
          kind: kindOf(request),
          browserBytes: sizes.responseBodySize,
          browserEncoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          acceptEncoding: headers['accept-encoding'] ?? '',
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await isShown(page);
  await page.waitForLoadState('networkidle');
  const seen = await Promise.all(finished);
  await context.close();

  const resources: Resource[] = [];
  const totals = emptyTotals();
  for (const { acceptEncoding: _acceptEncoding, ...item } of seen) {
    const bytes = { br: item.browserBytes, gzip: item.browserBytes, identity: item.browserBytes };
    const servedAs = { br: item.browserEncoding, gzip: item.browserEncoding, identity: item.browserEncoding };
    if (item.kind !== 'api') {
      for (const encoding of ENCODINGS) {
        const answer = await rawGet(item.url, encoding);
        bytes[encoding] = answer.bytes;
        servedAs[encoding] = answer.encoding;
      }
    }
    resources.push({ ...item, bytes, servedAs });
    for (const row of [totals[item.kind], totals.total]) {
      for (const encoding of ENCODINGS) row[encoding] += bytes[encoding];
      row.browser += item.browserBytes;
    }
  }
  const documentRequest = seen.find((item) => item.kind === 'html');
  return { name, url, acceptEncoding: documentRequest?.acceptEncoding ?? '', resources, totals };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printPage(result: PageResult): void {
  console.log(`\n${result.name} — ${result.url} (Chromium asked for: ${result.acceptEncoding})`);
  console.log('| what | files | br | gzip | identity | as Chromium got it |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const kind of [...KINDS, 'total'] as const) {
    const files = kind === 'total' ? result.resources.length : result.resources.filter((item) => item.kind === kind).length;
    const row = result.totals[kind];
    console.log(`| ${kind} | ${files} | ${kb(row.br)} | ${kb(row.gzip)} | ${kb(row.identity)} | ${kb(row.browser)} |`);
  }
  for (const item of result.resources) {
    const served = ENCODINGS.map((encoding) => `${encoding}→${item.servedAs[encoding]} ${item.bytes[encoding]}`).join(', ');
    console.log(`    ${item.kind.padEnd(5)} ${new URL(item.url).pathname.padEnd(48)} ${served}`);
  }
}

function webDistArgument(): string | undefined {
  const index = process.argv.indexOf('--web-dist');
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  if (!value) throw new Error('--web-dist needs a folder');
  return path.resolve(value);
}

async function main(): Promise<number> {
  installExitHandlers();
  const floorDist = path.join(OUT_DIR, 'floor-app');
  console.log('building the floor app (bench/floor-app)…');
  run(process.execPath, [VITE, 'build', '--logLevel', 'warn'], path.join(ROOT_DIR, 'bench/floor-app'));

  let webDist = webDistArgument();
  if (!webDist) {
    webDist = path.join(OUT_DIR, 'web');
    console.log('building the web app (apps/web)…');
    run(process.execPath, [VITE, 'build', '--logLevel', 'warn', '--outDir', webDist], path.join(ROOT_DIR, 'apps/web'));
  }
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} holds no index.html`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: PageResult[] = [];
  try {
    const floor = await startOsp(floorDist);
    try {
      results.push(
        await measurePage(browser, 'floor', `${floor.base}/login`, async (page) => {
          await page.getByRole('button', { name: /登\s*录/ }).waitFor();
        }),
      );
    } finally {
      await stopServer(floor.server);
    }

    const osp = await startOsp(webDist);
    try {
      results.push(
        await measurePage(browser, '/login', `${osp.base}/login`, async (page) => {
          await page.getByRole('button', { name: /登\s*录/ }).waitFor();
        }),
      );
      const token = await signIn(osp.base, ADMIN);
      results.push(
        await measurePage(
          browser,
          '/dashboard',
          `${osp.base}/dashboard`,
          async (page) => {
            await page.getByText('可用天数').first().waitFor();
          },
          token,
        ),
      );
    } finally {
      await stopServer(osp.server);
    }
  } finally {
    await browser.close();
  }

  for (const result of results) printPage(result);
  const [floor, login] = results;
  if (!floor || !login) throw new Error('a page was not measured');
  const ratios = { br: login.totals.js.br / floor.totals.js.br, gzip: login.totals.js.gzip / floor.totals.js.gzip };
  console.log(
    `\n/login JavaScript against the floor: br ${kb(login.totals.js.br)} / ${kb(floor.totals.js.br)} = ${ratios.br.toFixed(2)}×, ` +
      `gzip ${kb(login.totals.js.gzip)} / ${kb(floor.totals.js.gzip)} = ${ratios.gzip.toFixed(2)}× (limit ${LIMIT}×)`,
  );
  fs.mkdirSync(path.dirname(JSON_FILE), { recursive: true });
  fs.writeFileSync(
    JSON_FILE,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), webDist, ratios, limit: LIMIT, results }, null, 2)}\n`,
  );
  console.log(`written: ${path.relative(ROOT_DIR, JSON_FILE)}`);
  const isWithin = ratios.br <= LIMIT && ratios.gzip <= LIMIT;
  if (!isWithin) console.error(`/login's JavaScript exceeds ${LIMIT}× the floor`);
  return isWithin ? 0 : 1;
}

runThenCleanUp(main);

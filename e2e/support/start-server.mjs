// Starts the real server for the browser journeys (playwright.config.ts → webServer):
// 1. wipes its data folder (E2E_DATA_DIR, default <tmp>/osp-e2e-data) so that the demo company is
//    seeded afresh, and points the server's DATA_DIR at it,
// 2. builds the web app into a folder of its own beside the data folder (<data folder>-web) when that build is
//    missing or older than the sources: apps/web/dist is rebuilt by whoever builds next, and a build replacing
//    the lazily loaded chunks under a running suite leaves its pages loading for ever,
// 3. bundles the server and runs it as `npm start` does, in the foreground, passing Playwright's stop signal on.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../apps/server/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function fail(message) {
  console.error(`[e2e] ${message}`);
  process.exit(1);
}

const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), 'osp-e2e-data');
// It is deleted below: refuse anything that does not look like a throw-away folder of ours.
if (!path.isAbsolute(dataDir) || !path.basename(dataDir).includes('e2e')) {
  fail(`E2E_DATA_DIR must be an absolute path of a folder whose name contains "e2e", got "${dataDir}"`);
}
process.env.DATA_DIR = dataDir;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

/** The newest modification time of a file or of any file below a folder (0 if it does not exist). */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const webDist = `${path.resolve(dataDir)}-web`;
const builtIndex = path.join(webDist, 'index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/package.json', 'packages/shared/src'];
const sourcesTime = Math.max(
  ...sources.map((source) => newestMtime(path.join(root, source))),
  ...fs
    .readdirSync(path.join(root, 'apps/web'))
    .filter((name) => name.startsWith('vite.config'))
    .map((name) => newestMtime(path.join(root, 'apps/web', name))),
);
const builtTime = newestMtime(builtIndex);
// The checkout the build came from: another checkout run with the same data folder builds its own.
const builtFromFile = path.join(webDist, '.built-from');
const builtFrom = fs.existsSync(builtFromFile) ? fs.readFileSync(builtFromFile, 'utf8') : '';
function build(reason) {
  console.error(`[e2e] building the web app (${reason})`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@osp/web', '--', '--outDir', webDist], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0)
    fail(
      `npm run build -w @osp/web -- --outDir ${webDist} failed (exit ${result.status ?? result.signal}); the journeys need the built web app`,
    );
  fs.writeFileSync(builtFromFile, root);
}
if (builtTime === 0) build(`no ${builtIndex}`);
else if (builtFrom !== root) build(`the last build came from ${builtFrom || 'another checkout'}`);
else if (builtTime < sourcesTime) build('sources changed since the last build');

process.env.WEB_DIST = webDist;

// The journeys run what `npm start` runs: the bundled server with its flags, bundled afresh (well under a second).
await buildServer();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// The production server is one bundled file, run by plain node (docs/decisions.md, "The server runs bundled"):
// `npm run build -w @osp/server` writes it, `npm start` runs it, and the browser journeys and the benchmark run the
// same file with the same flags (they import them from here).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the bundle goes. One folder below apps/server, as src/ is: config.ts finds the repository root three folders
 * above the running file.
 */
export const SERVER_BUNDLE = path.join(serverDir, 'dist', 'main.mjs');

/**
 * node's flags for the server. --expose-gc: after an export the server asks for a major collection (lib/gc.ts), so
 * that one export's garbage is not still held when the next begins. No --enable-source-maps: node would hold the
 * parsed map (about 25 MB) for the life of the process; the bundle is not minified, so a stack trace still names
 * the functions. apps/server/package.json's `start` says the same (src/start-command.test.ts holds them together).
 */
export const SERVER_NODE_FLAGS = ['--expose-gc'];

/** Bundles src/main.ts with @osp/shared; the packages the server depends on stay in node_modules (native code, lazy loads). */
function bundleOptions() {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  return {
    entryPoints: [path.join(serverDir, 'src', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies ?? {}),
    logLevel: 'warning',
  };
}

export async function buildServer() {
  await build(bundleOptions());
}

/** The same, for a caller that cannot wait (the benchmark's process starter). */
export function buildServerSync() {
  buildSync(bundleOptions());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}

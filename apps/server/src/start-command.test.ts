import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../scripts/build.mjs';

// `npm start` is a line of package.json; the browser journeys and the benchmark run the server from build.mjs's
// constants. They must be the same command, or the journeys would prove a server nobody runs.
it('npm start runs the bundle build.mjs writes, with the flags the journeys and the benchmark use', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(manifest.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, path.relative(serverDir, SERVER_BUNDLE)].join(' '));
  expect(manifest.scripts.build).toBe('node scripts/build.mjs');
});

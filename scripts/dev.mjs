#!/usr/bin/env node
// `npm run dev`: the API server restarting on change (port 3000) and Vite's hot-reloading dev
// server (port 5173, proxying /api to the API server). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@osp/web'], { stdio: 'inherit' }),
];

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

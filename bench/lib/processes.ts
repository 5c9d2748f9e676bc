/**
 * Every server runs in its own child process, never in the process that generates the load. This
 * module owns those children and the temporary folders, and removes both on exit, on error and on
 * Ctrl-C, so that no server outlives the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildServerSync, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../apps/server/scripts/build.mjs';
import { ROOT_DIR } from './config';

const STDERR_TAIL = 4000;
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const asyncCleanups = new Set<() => Promise<void>>();

export interface ServerProcess {
  name: string;
  pid: number;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<string>;
  hasExited: () => boolean;
  stderrTail: () => string;
}

/** The OSP server's entry point: started as `npm start` runs it, bundled (apps/server/scripts/build.mjs). */
const OSP_MAIN = 'apps/server/src/main.ts';
let bundled = false;

/** The command line of `script`: OSP as production runs it (bundled once per benchmark), a baseline through tsx. */
function commandOf(script: string, nodeArgs: readonly string[]): string[] {
  if (script !== OSP_MAIN) return [...nodeArgs, '--import', 'tsx', script];
  if (!bundled) {
    buildServerSync();
    bundled = true;
  }
  return [...nodeArgs, ...SERVER_NODE_FLAGS, SERVER_BUNDLE];
}

/**
 * Starts `script` (see commandOf) with `env` added to a cleaned copy of ours. `onStdoutLine` hears each line of its
 * stdout (the request log); without it stdout goes to /dev/null.
 */
export function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  onStdoutLine?: (line: string) => void,
): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's own server settings may leak into a benchmarked server.
  for (const key of ['DATABASE_URL', 'OSP_DEMO', 'SQLITE_FILE', 'DATA_DIR', 'PORT', 'HOST', 'LOG_LEVEL', 'NODE_OPTIONS'])
    delete childEnv[key];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, commandOf(script, nodeArgs), {
    cwd: ROOT_DIR,
    env: childEnv,
    // stdout (the request log) goes to /dev/null unless a listener wants it; stderr is kept to explain a failed start.
    stdio: ['ignore', onStdoutLine ? 'pipe' : 'ignore', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  if (onStdoutLine && child.stdout) readline.createInterface({ input: child.stdout }).on('line', onStdoutLine);
  children.add(child);
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  });
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      children.delete(child);
      resolve(signal ?? String(code));
    });
  });
  return { name, pid: child.pid, exited, hasExited: () => done, stderrTail: () => tail.trim() };
}

/** SIGTERM, then SIGKILL if the process has not ended within `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 5000): Promise<void> {
  if (server.hasExited()) return;
  process.kill(server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (!server.hasExited()) process.kill(server.pid, 'SIGKILL');
  }, graceMs);
  await server.exited;
  clearTimeout(timer);
}

/** A new folder under `base` (default: the system's temporary folder), removed on exit. */
export function makeTempDir(prefix: string, base: string = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(base, `${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Registers cleanup work that needs I/O (dropping a database); it runs on normal end and on Ctrl-C. */
export function onCleanup(task: () => Promise<void>): () => void {
  asyncCleanups.add(task);
  return () => asyncCleanups.delete(task);
}

function killAllNow(): void {
  for (const child of children) {
    if (child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Stops every child, runs the registered cleanups and removes the temporary folders. */
export async function cleanupAll(): Promise<void> {
  for (const child of [...children]) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const task of [...asyncCleanups]) {
    asyncCleanups.delete(task);
    try {
      await task();
    } catch (error) {
      console.error(`cleanup failed: ${String(error)}`);
    }
  }
  killAllNow();
}

let handlersInstalled = false;

export function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last resort: 'exit' allows only synchronous work.
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers and cleaning up…`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}

/** Runs a bench entry point, then removes every server and temp folder it left, and exits with its code. */
export function runThenCleanUp(main: () => Promise<number | void>): void {
  void main()
    .then((code) => code ?? 0)
    .catch((error: unknown) => {
      console.error(error);
      return 1;
    })
    .then(async (code) => {
      await cleanupAll();
      process.exit(code);
    });
}

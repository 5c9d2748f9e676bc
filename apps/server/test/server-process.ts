import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ApiEnvelope } from '@osp/shared';
import { ROOT_DIR } from '../src/config';

/**
 * The real server (`src/main.ts`) as a child process, for tests whose question is whether the process
 * itself lives or exits: a crash of an in-process server would take the test runner down with it.
 */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  isAlive: () => boolean;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Output so far, for failure messages. */
  output: () => string;
  call: <T = unknown>(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; timeoutMs?: number },
  ) => Promise<{ status: number; body: ApiEnvelope<T> }>;
  signIn: (username: string) => Promise<string>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServerProcess(env: Record<string, string>, readyWithinMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'osp-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const call: ServerProcess['call'] = async (method, url, options = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: ApiEnvelope<never>;
    try {
      body = JSON.parse(text) as ApiEnvelope<never>;
    } catch {
      throw new Error(`${method} ${url}: HTTP ${response.status} with a body that is not the envelope: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body };
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${output}`);
    try {
      if ((await call('GET', '/api/health', { timeoutMs: 2_000 })).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > readyWithinMs) throw new Error(`server not ready within ${readyWithinMs} ms:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    child,
    isAlive: () => child.exitCode === null && child.signalCode === null,
    exited,
    output: () => output,
    call,
    signIn: async (username) => {
      const result = await call<{ token: string }>('POST', '/api/authorizations', { body: { username, password: 'Demo@1234' } });
      if (result.body.status_code !== 0) throw new Error(`sign-in of ${username} failed: ${result.body.message}`);
      return result.body.data.token;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP proxy in front of PostgreSQL: `cut()` destroys every connection through it (what a failover
 * does to the server's connections), `down()` also refuses new ones (an outage), `up()` serves again.
 * The shared PostgreSQL server itself is never touched.
 */
export interface DatabaseProxy {
  port: number;
  cut: () => void;
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startDatabaseProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  const sockets = new Set<net.Socket>();
  const port = await freePort();
  let server: net.Server | null = null;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const up = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      cut();
      if (current) current.close(() => resolve());
      else resolve();
    });
  await up();
  return { port, cut, down, up, close: down };
}

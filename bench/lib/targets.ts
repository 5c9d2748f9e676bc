/** What is measured: two baselines and the two OSP endpoints, each in a freshly started child. */
import type { BenchConfig } from './config';
import type { EngineSetup } from './engines';
import { envelopeOf, freePort, requestJson, waitUntilServing } from './http';
import type { LoadTarget } from './load';
import { startServer, stopServer, type ServerProcess } from './processes';

export type TargetId = 'hello' | 'one-row' | 'osp-profile' | 'osp-menu';

export interface Started {
  server: ServerProcess;
  load: LoadTarget;
}

export interface Target {
  id: TargetId;
  label: string;
  /** The OSP endpoints carry the targets; the baselines are what they are compared with. */
  hasGoal: boolean;
  start: (setup: EngineSetup, config: BenchConfig) => Promise<Started>;
}

export interface OspUser {
  username: string;
  password: string;
}

const OSP_USER: OspUser = { username: 'zhangsan', password: 'Demo@1234' };

/** Starts a server script on a free port and waits until `probePath` answers. */
async function launch(
  name: string,
  script: string,
  env: Record<string, string>,
  probePath: string,
  timeoutMs: number,
  nodeArgs: readonly string[] = [],
  onStdoutLine?: (line: string) => void,
) {
  const port = await freePort();
  const server = startServer(name, script, { ...env, PORT: String(port) }, nodeArgs, onStdoutLine);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${base}${probePath}`, server, timeoutMs);
  return { server, base };
}

/** One request before the load, so that a wrong answer stops the run instead of being measured. */
async function expectOk(url: string, headers: Record<string, string>, wantsEnvelope: boolean): Promise<void> {
  const { status, body } = await requestJson(url, { headers });
  const envelope = envelopeOf(body);
  if (status !== 200 || (wantsEnvelope && envelope?.statusCode !== 0)) {
    throw new Error(`GET ${url} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

export async function signIn(base: string, user: OspUser = OSP_USER): Promise<string> {
  const { status, body } = await requestJson(`${base}/api/authorizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const data = envelopeOf(body)?.data;
  const token = typeof data === 'object' && data !== null && 'token' in data ? data.token : undefined;
  if (status !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in as ${user.username} failed (${status}): ${JSON.stringify(body).slice(0, 300)}`);
  }
  return token;
}

/**
 * Starts the OSP server as in production (node --import tsx apps/server/src/main.ts, logging every
 * request), signs in and checks that `path` answers. The first start migrates and seeds the demo
 * company (argon2 hashes), hence the long wait.
 */
export async function startOsp(
  setup: EngineSetup,
  config: BenchConfig,
  path: string,
  nodeArgs: readonly string[] = [],
  user: OspUser = OSP_USER,
  onLogLine?: (line: string) => void,
  extraEnv: Record<string, string> = {},
): Promise<Started & { base: string }> {
  const env = { ...setup.ospEnv, HOST: '127.0.0.1', LOG_LEVEL: config.ospLogLevel, ...extraEnv };
  const { server, base } = await launch(
    `OSP server (${setup.engine})`,
    'apps/server/src/main.ts',
    env,
    '/api/health',
    180_000,
    nodeArgs,
    onLogLine,
  );
  try {
    const headers = { authorization: `Bearer ${await signIn(base, user)}`, service: 'dashboard' };
    await expectOk(`${base}${path}`, headers, true);
    return { server, base, load: { url: `${base}${path}`, headers, pid: server.pid } };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

function ospEndpoint(id: TargetId, path: string): Target {
  return { id, label: `OSP GET ${path}`, hasGoal: true, start: (setup, config) => startOsp(setup, config, path) };
}

export const TARGETS: readonly Target[] = [
  {
    id: 'hello',
    label: 'Baseline: Fastify hello world',
    hasGoal: false,
    start: async () => {
      const { server, base } = await launch('hello server', 'bench/servers/hello.ts', {}, '/', 30_000);
      await expectOk(`${base}/`, {}, false);
      return { server, load: { url: `${base}/`, pid: server.pid } };
    },
  },
  {
    id: 'one-row',
    label: 'Baseline: Fastify + one indexed row',
    hasGoal: false,
    start: async (setup) => {
      const { server, base } = await launch(
        `one-row server (${setup.engine})`,
        'bench/servers/one-row.ts',
        setup.oneRowEnv,
        '/row',
        60_000,
      );
      await expectOk(`${base}/row`, {}, true);
      return { server, load: { url: `${base}/row`, pid: server.pid } };
    },
  },
  ospEndpoint('osp-profile', '/api/user/profile'),
  ospEndpoint('osp-menu', '/api/user/menu'),
];

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../test/harness';
import { startServerProcess } from '../test/server-process';

/**
 * Issue 11, item 5: closing the server (what SIGTERM does in main.ts) lets the request under way finish,
 * closes idle keep-alive connections at once and the busy one right after its answer, and is over in
 * seconds — before the fix, the connection busy at close time kept close() waiting for its 72 s
 * keep-alive timeout.
 */

/** A raw keep-alive HTTP/1.1 connection, so the test sees exactly what happens to the socket. */
function connect(port: number): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
  });
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('closing the server', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => server.close());

  it('finishes the request under way, closes keep-alive connections and is done in seconds', async () => {
    // One connection that answered a request and now idles, kept alive.
    const idle = await connect(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: osp\r\n\r\n');
    await until(() => idle.received().includes('"status_code":0'));
    expect(idle.received()).toMatch(/connection: keep-alive/i);

    // One request under way: its headers are in, its body is not yet.
    const busy = await connect(port);
    const body = JSON.stringify({ username: 'zhangsan' });
    busy.socket.write(
      `POST /api/authorizations/check HTTP/1.1\r\nHost: osp\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    busy.socket.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    const closing = server.app.close();
    await idle.closed;

    // The request under way gets its answer, and the connection closes with it.
    busy.socket.write(body.slice(5));
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(busy.received()).toMatch(/connection: close/i);
    expect(busy.received()).toContain('"token_valid":false');

    await closing;
    expect(Date.now() - started).toBeLessThan(5_000);
    // Nothing new is taken.
    await expect(connect(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe.runIf(TEST_ENGINE === 'sqlite')('SIGTERM to the server process', () => {
  it('exits by itself within a few seconds while a keep-alive connection is open', async () => {
    const server = await startServerProcess({ DATABASE_URL: '', OSP_DEMO: '1', LOG_LEVEL: 'info' });
    try {
      const open = await connect(Number(new URL(server.baseUrl).port));
      open.socket.write('GET /api/health HTTP/1.1\r\nHost: osp\r\n\r\n');
      await until(() => open.received().includes('"status_code":0'));
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await open.closed;
      // The request's log line and the shutdown's own lines reach stdout, though the process exits right after them.
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number });
      expect(logged).toContainEqual(expect.objectContaining({ msg: 'request', url: '/api/health', status: 200 }));
      expect(logged.at(-1)).toMatchObject({ msg: 'draining in-flight requests' });
    } finally {
      await server.stop();
    }
  }, 90_000);
});

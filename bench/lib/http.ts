import net from 'node:net';
import type { ServerProcess } from './processes';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers (any HTTP status), failing early if the server process ends. */
export async function waitUntilServing(url: string, server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.hasExited()) {
      throw new Error(`${server.name} exited before it served ${url}\n${server.stderrTail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${server.name} did not serve ${url} within ${timeoutMs / 1000} s\n${server.stderrTail()}`);
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

export async function requestJson(url: string, init: RequestInit = {}): Promise<JsonResponse> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body };
}

/** The `status_code` and `data` of an OSP envelope, or undefined when the body is not one. */
export function envelopeOf(body: unknown): { statusCode: unknown; data: unknown; message: unknown } | undefined {
  if (typeof body !== 'object' || body === null || !('status_code' in body)) return undefined;
  const record = body as Record<string, unknown>;
  return { statusCode: record.status_code, data: record.data, message: record.message };
}

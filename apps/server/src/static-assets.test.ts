import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * Issue 12: the web build writes `.br` and `.gz` copies beside its text files, and the server sends
 * the one the browser accepts. A web dist of fixtures stands in for the build, each compressed copy
 * made from its original so that a decoded body can be compared with it.
 */
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><title>OSP</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const APP_JS = `export const greeting = ${JSON.stringify('你好，'.repeat(200))};\n`;
const SMALL_CSS = 'body{margin:0}';
const APP_JS_PATH = '/assets/index-Abc123.js';
const SMALL_CSS_PATH = '/assets/small-Def456.css';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'osp-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  const write = async (file: string, content: string, isCompressed: boolean) => {
    const target = path.join(webDist, file);
    await fs.writeFile(target, content);
    if (!isCompressed) return;
    await fs.writeFile(`${target}.br`, zlib.brotliCompressSync(content));
    await fs.writeFile(`${target}.gz`, zlib.gzipSync(content));
  };
  await write('index.html', INDEX_HTML, true);
  await write(APP_JS_PATH, APP_JS, true);
  // Below the build's 1 KB threshold: no compressed copies.
  await write(SMALL_CSS_PATH, SMALL_CSS, false);
  server = await startTestServer((config) => {
    config.webDist = webDist;
  });
});

afterAll(async () => {
  await server.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire, not decoded. */
  body: Buffer;
}

/** fetch() decodes compressed bodies and sets its own Accept-Encoding; node:http does neither. */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

const varies = (answer: RawAnswer) => String(answer.headers.vary ?? '').toLowerCase();
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('precompressed web app (issue 12)', () => {
  it('sends the brotli copy of an asset to a browser that accepts br, typed and cached as the original', async () => {
    const answer = await get(APP_JS_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(APP_JS));
    expect(decoded(answer)).toBe(APP_JS);
  });

  it('sends the gzip copy when gzip is all the browser accepts', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const answer = await get(APP_JS_PATH, { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(decoded(answer)).toBe(APP_JS);
    }
  });

  it('sends the file itself when no compression is accepted, still saying that the answer varies', async () => {
    const requests: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of requests) {
      const answer = await get(APP_JS_PATH, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.body.toString('utf8')).toBe(APP_JS);
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const answer = await get(SMALL_CSS_PATH, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.toString('utf8')).toBe(SMALL_CSS);
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const answer = await get('/assets/missing-Xyz789.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('sends index.html compressed, uncached and with the security headers, at / and at client routes', async () => {
    const cases = [
      { url: '/', acceptEncoding: 'gzip, deflate, br', encoding: 'br' },
      { url: '/login', acceptEncoding: 'gzip, deflate, br', encoding: 'br' },
      { url: '/dashboard', acceptEncoding: 'gzip', encoding: 'gzip' },
      { url: '/office/approval/todo?page=2', acceptEncoding: 'identity', encoding: undefined },
    ];
    for (const { url, acceptEncoding, encoding } of cases) {
      const answer = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': acceptEncoding });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe(encoding);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(decoded(answer)).toBe(INDEX_HTML);
    }
  });

  it('leaves API answers alone', async () => {
    const answer = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

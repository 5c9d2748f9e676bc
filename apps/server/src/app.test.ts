import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('HTTP contract (DESIGN §4, §5a)', () => {
  it('reports the database in /api/health', async () => {
    const { body } = await server.call('GET', '/api/health');
    expect(body).toMatchObject({ status_code: 0, data: { database: 'up' } });
  });

  it('sends the strict security headers', async () => {
    const { headers } = await server.call('GET', '/api/health');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends API answers the headers that act on JSON, uncached, and documents the full set', async () => {
    const api = (await server.call('GET', '/api/health')).headers;
    expect(api.get('cache-control')).toBe('no-store');
    expect(api.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(api.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.get('strict-transport-security')).toContain('max-age=');
    expect(api.get('referrer-policy')).toBe('no-referrer');
    expect(api.get('x-dns-prefetch-control')).toBeNull();

    const page = await fetch(`${server.baseUrl}/some/page`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-dns-prefetch-control')).toBe('off');
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const result = await server.call('GET', '/api/nothing-here');
    expect(result.status).toBe(404);
    expect(result.body.status_code).toBe(404);
  });

  it('answers malformed JSON with a 400 envelope and a Chinese message', async () => {
    const token = await server.signIn('zhangsan');
    const result = await server.call('PUT', '/api/person', { token, raw: '{"sex":', headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status_code: 400, message: '请求格式不正确' });
  });

  it('masks server faults without a stack', async () => {
    // A real fault: the table the call reads is gone.
    const token = await server.signIn('zhangsan');
    await server.db.schema.dropTable('holiday_stats').execute();
    const result = await server.call('GET', '/api/holiday/my/stats', { token });
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ status_code: 500, message: '服务器内部错误（错误码：500），请联系管理员！', data: null });
    expect(JSON.stringify(result.body)).not.toMatch(/holiday_stats|at |stack/);
  });
});

import type { PrivateSettings, Settings } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { upsertSetting } from './settings.repo';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /api/settings', () => {
  it('shows only the public part before sign-in', async () => {
    const { body } = await server.call<Settings>('GET', '/api/settings');
    expect(body.data).toMatchObject({ request_timeout: 10000, service_id: 'osp_service', wechat_qr_login: 0 });
    expect(body.data).not.toHaveProperty('header_banner');
    expect(body.data).not.toHaveProperty('webmail_url');
  });

  it('shows everything after sign-in, with stored values over the defaults', async () => {
    const { body } = await server.call<PrivateSettings>('GET', '/api/settings', { token: await server.signIn('zhangsan') });
    expect(body.data.header_banner).toBe(1);
    expect(body.data.header_banner_message).toContain('例行维护');
    expect(body.data.webmail_url).toBe(server.config.webmailUrl);
  });

  it('ignores a stored value of the wrong type', async () => {
    await upsertSetting(server.db, 'request_timeout', 'soon');
    const { body } = await server.call<Settings>('GET', '/api/settings');
    expect(body.data.request_timeout).toBe(10000);
  });
});

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/*
 * X-Menu-Version (docs/web-contract.md): every answer to a signed-in caller names the version of the menu
 * they would get now, so that the web app loads the menu once and again only when it changed for them.
 */

let server: TestServer;
let admin: string;
/** 业务流程 (iptv_list): 梁雨 sees it, 宋杰 (iptv_rule) and 张三 (staff) do not. */
let businessPage: number;
beforeAll(async () => {
  server = await startTestServer();
  const { id: folder } = await server.db
    .insertInto('menus')
    .values({ parent_id: null, name: 'IPTV业务', path: '/iptv', type: 0, permission: null, sort: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const page = await server.db
    .insertInto('menus')
    .values({ parent_id: folder, name: '业务流程', path: '/iptv/business-details', type: 1, permission: 'iptv_list', sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  businessPage = page.id;
  await server.db
    .insertInto('menus')
    .values({ parent_id: folder, name: '结算规则', path: '/iptv/settlement-rule', type: 1, permission: 'iptv_rule', sort: 2 })
    .execute();
  await server.accessChanged();
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

const HEADER = 'x-menu-version';

/** The header of an ordinary signed-in call (the profile), not of the menu call. */
async function versionOf(token: string): Promise<string | null> {
  const result = await server.call('GET', '/api/user/profile', { token });
  expect(result.status).toBe(200);
  return result.headers.get(HEADER);
}

/** GET /api/user/menu as sent: its raw body and its header. */
async function menuAnswer(token: string): Promise<{ body: string; version: string | null }> {
  const response = await fetch(`${server.baseUrl}/api/user/menu`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return { body: await response.text(), version: response.headers.get(HEADER) };
}

const sha256Prefix = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function adminCall(method: string, url: string, body: unknown): Promise<void> {
  const result = await server.call(method, url, { token: admin, body });
  expect(result.body.status_code, result.body.message).toBe(0);
}

describe('X-Menu-Version', () => {
  it('is the same on every answer to one user, and is the hash of their menu', async () => {
    const token = await server.signIn('liangyu');
    const first = await versionOf(token);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(await versionOf(token)).toBe(first);
    const stats = await server.call('GET', '/api/holiday/my/stats', { token });
    expect(stats.headers.get(HEADER)).toBe(first);

    const menu = await menuAnswer(token);
    expect(menu.version).toBe(first);
    expect(menu.version).toBe(sha256Prefix(menu.body));
    // Another session of the same person, and another person with the same permissions, see the same menu.
    expect(await versionOf(await server.signIn('liangyu'))).toBe(first);
    expect(await versionOf(await server.signIn('zhangsan'))).not.toBe(first);
  });

  it('changes for the users who see a renamed menu, and only for them', async () => {
    const reader = await server.signIn('liangyu');
    const other = await server.signIn('songjie');
    const staff = await server.signIn('zhangsan');
    const [readerBefore, otherBefore, staffBefore] = [await versionOf(reader), await versionOf(other), await versionOf(staff)];

    await adminCall('PUT', `/api/admin/menus/${businessPage}`, { name: '业务流程表' });

    const readerAfter = await versionOf(reader);
    expect(readerAfter).not.toBe(readerBefore);
    expect(await versionOf(other)).toBe(otherBefore);
    expect(await versionOf(staff)).toBe(staffBefore);
    const menu = await menuAnswer(reader);
    expect(menu.body).toContain('业务流程表');
    expect(menu.version).toBe(readerAfter);
    expect(menu.version).toBe(sha256Prefix(menu.body));
  });

  it("changes for a user whose permission is withdrawn, and not for others'", async () => {
    const holder = await server.signIn('songjie');
    const reader = await server.signIn('liangyu');
    const [holderBefore, readerBefore] = [await versionOf(holder), await versionOf(reader)];
    const roles = await server.call<{ id: number; key: string }[]>('GET', '/api/admin/roles', { token: admin });
    const role = roles.body.data.find((r) => r.key === 'iptv_rule');
    expect(role).toBeDefined();

    await adminCall('PUT', `/api/admin/roles/${role?.id ?? 0}/permissions`, { permissions: [] });

    const holderAfter = await versionOf(holder);
    expect(holderAfter).not.toBe(holderBefore);
    expect(await versionOf(reader)).toBe(readerBefore);
    const menu = await menuAnswer(holder);
    expect(menu.body).not.toContain('/iptv/settlement-rule');
    expect(menu.version).toBe(holderAfter);

    // Granted back, the menu is what it was, and so is its version.
    await adminCall('PUT', `/api/admin/roles/${role?.id ?? 0}/permissions`, { permissions: ['iptv_rule'] });
    expect(await versionOf(holder)).toBe(holderBefore);
  });

  it('is the version as the request began, on a change and on refusals to a signed-in caller; the next answer has the new one', async () => {
    const before = await versionOf(admin);
    const renamed = await server.call('PUT', `/api/admin/menus/${businessPage}`, { token: admin, body: { name: '业务流程清单' } });
    expect(renamed.body.status_code).toBe(0);
    // Set before the handler ran (a preHandler hook, docs/web-contract.md): the administrator's page refetches
    // its own menu after a menu edit anyway.
    expect(renamed.headers.get(HEADER)).toBe(before);
    expect(await versionOf(admin)).not.toBe(before);

    const staff = await server.signIn('zhangsan');
    const refused = await server.call('GET', '/api/admin/menus', { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.headers.get(HEADER)).toBe(await versionOf(staff));
  });

  it('is absent from answers to nobody in particular', async () => {
    expect((await server.call('GET', '/api/settings')).headers.get(HEADER)).toBeNull();
    expect((await server.call('GET', '/api/health')).headers.get(HEADER)).toBeNull();
    const anonymous = await server.call('GET', '/api/user/menu');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get(HEADER)).toBeNull();
    const badToken = await server.call('GET', '/api/user/profile', { token: 'not-a-token' });
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get(HEADER)).toBeNull();
  });

  it('comes from the access cache when warm, and is left out, never an error, when the menu cannot be read', async () => {
    const token = await server.signIn('liangyu');
    const warm = await versionOf(token);
    await sql`alter table menus rename to menus_away`.execute(server.db);
    try {
      // Warm: answered from the cache, without reading the menu rows.
      expect(await versionOf(token)).toBe(warm);
      await server.accessChanged();
      const profile = await server.call('GET', '/api/user/profile', { token });
      expect(profile.status).toBe(200);
      expect(profile.body.status_code).toBe(0);
      expect(profile.headers.get(HEADER)).toBeNull();
    } finally {
      await sql`alter table menus_away rename to menus`.execute(server.db);
      await server.accessChanged();
    }
    expect(await versionOf(token)).toMatch(/^[0-9a-f]{16}$/);
  });
});

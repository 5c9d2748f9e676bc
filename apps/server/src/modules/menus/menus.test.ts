import type { MenuItem } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // An IPTV folder whose pages need IPTV permissions, to see the menu follow the roles.
  const { id: folder } = await server.db
    .insertInto('menus')
    .values({ parent_id: null, name: 'IPTV业务', path: '/iptv', type: 0, permission: null, sort: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('menus')
    .values([
      { parent_id: folder, name: '业务流程', path: '/iptv/business-details', type: 1, permission: 'iptv_list', sort: 1 },
      { parent_id: folder, name: '结算规则', path: '/iptv/settlement-rule', type: 1, permission: 'iptv_rule', sort: 2 },
    ])
    .execute();
  await server.accessChanged();
});
afterAll(async () => server.close());

/** The approval area of the seeded menu, which every signed-in user sees. */
const APPROVAL = [
  '/office',
  '/office/approval',
  '/office/approval/todo',
  '/office/approval/done',
  '/office/approval/mine',
  '/office/approval/draft',
  '/office/approval/tracked',
  '/office/approval/shared',
  '/office/approval/entrust',
];

/** 问卷 (issue 16): every signed-in user answers surveys; 问卷管理 needs survey_admin. */
const SURVEYS = ['/survey', '/survey/mine', '/feedback/pending'];

/** 假期管理 (issue 17): everyone's own leave and the records they may read; 假期额度 and 工作日历 need holiday_admin. */
const LEAVE = ['/holiday', '/holiday/mine', '/holiday/details'];

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children)]);

describe('GET /api/user/menu', () => {
  it('gives a user only the entries their permissions allow', async () => {
    const staff = await server.call<MenuItem[]>('GET', '/api/user/menu', { token: await server.signIn('zhangsan') });
    expect(paths(staff.body.data)).toEqual(['/home', '/dashboard/index', '/article/list', ...APPROVAL, ...SURVEYS, ...LEAVE]);

    const rules = await server.call<MenuItem[]>('GET', '/api/user/menu', { token: await server.signIn('songjie') });
    expect(paths(rules.body.data)).toEqual([
      '/home',
      '/dashboard/index',
      '/article/list',
      ...APPROVAL,
      ...SURVEYS,
      '/iptv',
      '/iptv/settlement-rule',
      ...LEAVE,
    ]);

    const iptv = await server.call<MenuItem[]>('GET', '/api/user/menu', { token: await server.signIn('zhaoliu') });
    expect(paths(iptv.body.data)).toEqual([
      '/home',
      '/dashboard/index',
      '/article/list',
      ...APPROVAL,
      ...SURVEYS,
      '/iptv',
      '/iptv/business-details',
      '/iptv/settlement-rule',
      ...LEAVE,
    ]);
  });

  it('carries the SPEC §3 fields', async () => {
    const { body } = await server.call<MenuItem[]>('GET', '/api/user/menu', { token: await server.signIn('zhangsan') });
    expect(body.data[0]).toMatchObject({ path: '/home', type: 0, parent_id: null, icon: 'HomeOutlined', builtin: 0, keep_alive: 0 });
    expect(body.data[0]?.children[0]).toMatchObject({ path: '/dashboard/index', type: 1, keep_alive: 1 });
  });

  it('follows a permission change on the next request', async () => {
    const token = await server.signIn('liangyu');
    const role = await server.db.selectFrom('roles').select('id').where('key', '=', 'iptv_list').executeTakeFirstOrThrow();
    expect(paths((await server.call<MenuItem[]>('GET', '/api/user/menu', { token })).body.data)).toContain('/iptv/business-details');
    await server.db.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    await server.accessChanged();
    expect(paths((await server.call<MenuItem[]>('GET', '/api/user/menu', { token })).body.data)).not.toContain('/iptv');
  });

  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/user/menu')).status).toBe(401);
  });
});

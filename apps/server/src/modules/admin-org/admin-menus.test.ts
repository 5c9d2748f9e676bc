import { isMenuIconName, type AdminMenu, type MenuItem } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { lastOperation, snapshot } from './test-support';

let server: TestServer;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  zhangsan = await server.signIn('zhangsan');
});
afterAll(async () => server.close());

async function menuId(path: string): Promise<number> {
  const row = await server.db.selectFrom('menus').select('id').where('path', '=', path).executeTakeFirstOrThrow();
  return row.id;
}

async function adminTree(): Promise<AdminMenu[]> {
  const { body } = await server.call<AdminMenu[]>('GET', '/api/admin/menus', { token: admin });
  expect(body.status_code).toBe(0);
  return body.data;
}

async function userMenu(token: string): Promise<MenuItem[]> {
  return (await server.call<MenuItem[]>('GET', '/api/user/menu', { token })).body.data;
}

const page = { type: 1, icon: 'FileTextOutlined', builtin: 0, keep_alive: 0, hidden: 0, permission: null };

describe('menu administration permissions', () => {
  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/admin/menus')).status).toBe(401);
  });

  it('answers 403 to a user without sys_menu on every endpoint and changes nothing', async () => {
    const dashboard = await menuId('/dashboard/index');
    const before = await snapshot(server);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/menus'],
      ['POST', '/api/admin/menus', { ...page, name: '外链', path: '/evil', parent_id: null }],
      ['PUT', `/api/admin/menus/${dashboard}`, { name: '改名' }],
      ['PUT', `/api/admin/menus/${dashboard}/move`, { parent_id: null, position: 0 }],
      ['DELETE', `/api/admin/menus/${dashboard}`],
    ];
    for (const [method, url, body] of calls) {
      const result = await server.call(method, url, { token: zhangsan, body });
      expect(result.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot(server)).toBe(before);
  });
});

describe('GET /api/admin/menus', () => {
  it('gives every row with every SPEC §3 field, permission-guarded rows included', async () => {
    const tree = await adminTree();
    expect(tree.map((m) => m.path)).toEqual(['/home', '/article/list', '/office', '/article', '/survey', '/holiday', '/system']);
    const system = tree[6];
    expect(system?.children.map((m) => m.path)).toEqual([
      '/system/users',
      '/system/depts',
      '/system/roles',
      '/system/menus',
      '/system/settings',
      '/system/security-events',
    ]);
    expect(system?.children[1]).toEqual({
      id: await menuId('/system/depts'),
      name: '部门管理',
      path: '/system/depts',
      type: 1,
      parent_id: system?.id,
      icon: 'ApartmentOutlined',
      builtin: 0,
      keep_alive: 0,
      hidden: 0,
      permission: 'sys_dept',
      sort: 20,
      children: [],
    });
  });
});

describe('seeded menus', () => {
  it('use only icons of the shared list, so the editor can save them and the side menu can draw them', async () => {
    const rows = await server.db.selectFrom('menus').select(['path', 'icon']).execute();
    expect(rows.filter((row) => row.icon !== '' && !isMenuIconName(row.icon))).toEqual([]);
  });
});

describe('creating menus', () => {
  it('refuses bad fields, naming each, and changes nothing', async () => {
    const system = await menuId('/system');
    const dashboard = await menuId('/dashboard/index');
    const before = await snapshot(server);
    const bad = await server.call('POST', '/api/admin/menus', {
      token: admin,
      body: {
        name: '',
        path: 'reports',
        type: 3,
        icon: 'NoSuchIcon',
        builtin: 5,
        keep_alive: 2,
        hidden: true,
        permission: 'god',
        parent_id: system,
      },
    });
    expect(bad.body.status_code).toBe(422);
    expect(bad.body.data).toEqual({
      errors: {
        name: ['请填写菜单名称'],
        path: ['菜单路径须以 / 开头'],
        type: ['菜单类型只能是 0（目录）或 1（页面）'],
        icon: ['图标须从图标库中选择'],
        builtin: ['内置标志只能是 0（普通）、1（不生成路由）或 2（内置）'],
        keep_alive: ['页面缓存只能是 0（关闭）或 1（开启）'],
        hidden: ['隐藏只能是 0（显示）或 1（隐藏）'],
        permission: ['权限标识「god」不存在，请从权限列表中选择'],
      },
    });
    const chars = await server.call('POST', '/api/admin/menus', {
      token: admin,
      body: { ...page, name: '报表', path: '/a b', parent_id: system },
    });
    expect(chars.body).toMatchObject({ data: { errors: { path: ['菜单路径只能包含字母、数字和 - _ . / 字符，且不能有连续的 /'] } } });
    const taken = await server.call('POST', '/api/admin/menus', {
      token: admin,
      body: { ...page, name: '报表', path: '/system/users', parent_id: system },
    });
    expect(taken.body).toMatchObject({ status_code: 422, data: { errors: { path: ['路径「/system/users」已被菜单「用户管理」使用'] } } });
    const underPage = await server.call('POST', '/api/admin/menus', {
      token: admin,
      body: { ...page, name: '报表', path: '/reports', parent_id: dashboard },
    });
    expect(underPage.body).toMatchObject({ status_code: 422, data: { errors: { parent_id: ['上级菜单须为目录'] } } });
    const missingParent = await server.call('POST', '/api/admin/menus', {
      token: admin,
      body: { ...page, name: '报表', path: '/reports', parent_id: 99999 },
    });
    expect(missingParent.body).toMatchObject({ status_code: 422, data: { errors: { parent_id: ['上级菜单不存在或已被删除'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it('creates a folder and a page in it; users see it according to its permission', async () => {
    const folder = await server.call<{ id: number }>('POST', '/api/admin/menus', {
      token: admin,
      body: { name: '报表中心', path: '/reports', type: 0, icon: 'BarChartOutlined', parent_id: null },
    });
    expect(folder.body).toMatchObject({ status_code: 0, message: '菜单已创建' });
    const child = await server.call<{ id: number }>('POST', '/api/admin/menus', {
      token: admin,
      body: { ...page, name: '月度报表', path: '/reports/monthly', permission: '', parent_id: folder.body.data.id },
    });
    expect(child.body.status_code).toBe(0);
    const created = (await adminTree()).find((m) => m.path === '/reports');
    expect(created?.children[0]).toMatchObject({ name: '月度报表', permission: null, sort: 10 });
    expect((await userMenu(zhangsan)).map((m) => m.path)).toContain('/reports');
    expect((await lastOperation(server, 'menu'))?.summary).toBe('新建菜单「月度报表」（/reports/monthly），位于「报表中心」下');
  });
});

describe('editing menus', () => {
  it('shows a renamed entry to users on their next request', async () => {
    const id = await menuId('/dashboard/index');
    const result = await server.call('PUT', `/api/admin/menus/${id}`, {
      token: admin,
      body: { name: '我的工作台', icon: 'DesktopOutlined' },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: '菜单已保存，用户下一次切换页面时生效' });
    expect((await userMenu(zhangsan))[0]?.children[0]).toMatchObject({ name: '我的工作台', icon: 'DesktopOutlined' });
    const log = await lastOperation(server, 'menu');
    expect(log?.summary).toBe('修改菜单「工作台」→「我的工作台」');
    expect(JSON.parse(log?.before_json ?? '{}')).toEqual({ name: '工作台', icon: 'DashboardOutlined' });
  });

  it('hides an entry behind a permission at once', async () => {
    const id = await menuId('/reports/monthly');
    await server.call('PUT', `/api/admin/menus/${id}`, { token: admin, body: { permission: 'sys_log' } });
    expect((await userMenu(zhangsan)).map((m) => m.path)).not.toContain('/reports');
  });

  it('refuses bad fields, a taken path and turning a folder with children into a page, changing nothing', async () => {
    const reports = await menuId('/reports');
    const before = await snapshot(server);
    const bad = await server.call('PUT', `/api/admin/menus/${reports}`, { token: admin, body: { path: '/system', icon: 'Smile' } });
    expect(bad.body).toMatchObject({ status_code: 422, data: { errors: { icon: ['图标须从图标库中选择'] } } });
    const taken = await server.call('PUT', `/api/admin/menus/${reports}`, { token: admin, body: { path: '/system' } });
    expect(taken.body).toMatchObject({ status_code: 422, data: { errors: { path: ['路径「/system」已被菜单「系统管理」使用'] } } });
    const toPage = await server.call('PUT', `/api/admin/menus/${reports}`, { token: admin, body: { type: 1 } });
    expect(toPage.body).toMatchObject({ status_code: 422, data: { errors: { type: ['该目录下还有 1 个子菜单，不能改为页面'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it("refuses a change that takes 菜单管理 out of the administrator's own menu", async () => {
    const menus = await menuId('/system/menus');
    const system = await menuId('/system');
    const before = await snapshot(server);
    for (const body of [{ hidden: 1 }, { builtin: 1 }, { path: '/system/menu-admin' }]) {
      const result = await server.call('PUT', `/api/admin/menus/${menus}`, { token: admin, body });
      expect(result.body, JSON.stringify(body)).toMatchObject({
        status_code: 409,
        message: '此修改会让您自己无法再打开「菜单管理」，已取消',
      });
    }
    expect((await server.call('PUT', `/api/admin/menus/${system}`, { token: admin, body: { builtin: 1 } })).body.status_code).toBe(409);
    expect((await server.call('DELETE', `/api/admin/menus/${menus}`, { token: admin })).body.status_code).toBe(409);
    expect(await snapshot(server)).toBe(before);
  });
});

describe('moving menus', () => {
  it('refuses moving a folder into itself or its descendant, or under a page, changing nothing', async () => {
    const reports = await menuId('/reports');
    const sub = await server.call<{ id: number }>('POST', '/api/admin/menus', {
      token: admin,
      body: { name: '子目录', path: '/reports/sub', type: 0, parent_id: reports },
    });
    const before = await snapshot(server);
    for (const parent of [reports, sub.body.data.id]) {
      const result = await server.call('PUT', `/api/admin/menus/${reports}/move`, {
        token: admin,
        body: { parent_id: parent, position: 0 },
      });
      expect(result.body).toMatchObject({
        status_code: 422,
        data: { errors: { parent_id: ['不能把菜单移动到它自己或它的下级菜单之下'] } },
      });
    }
    const underPage = await server.call('PUT', `/api/admin/menus/${reports}/move`, {
      token: admin,
      body: { parent_id: await menuId('/dashboard/index'), position: 0 },
    });
    expect(underPage.body).toMatchObject({ status_code: 422, data: { errors: { parent_id: ['上级菜单须为目录'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it('moves a page to another folder at a position and reorders', async () => {
    const monthly = await menuId('/reports/monthly');
    const home = await menuId('/home');
    const moved = await server.call('PUT', `/api/admin/menus/${monthly}/move`, { token: admin, body: { parent_id: home, position: 0 } });
    expect(moved.body).toMatchObject({ status_code: 0, message: '菜单已移动' });
    const tree = await adminTree();
    expect(tree[0]?.children.map((m) => m.path)).toEqual(['/reports/monthly', '/dashboard/index']);
    const reorder = await server.call('PUT', `/api/admin/menus/${await menuId('/reports')}/move`, {
      token: admin,
      body: { parent_id: null, position: 0 },
    });
    expect(reorder.body.status_code).toBe(0);
    expect((await adminTree()).map((m) => m.path)).toEqual([
      '/reports',
      '/home',
      '/article/list',
      '/office',
      '/article',
      '/survey',
      '/holiday',
      '/system',
    ]);
  });
});

describe('deleting menus', () => {
  it('refuses a folder that still has entries, and deletes empty ones', async () => {
    const reports = await menuId('/reports');
    const before = await snapshot(server);
    const refused = await server.call('DELETE', `/api/admin/menus/${reports}`, { token: admin });
    expect(refused.body).toMatchObject({ status_code: 409, message: '该目录下还有 1 个子菜单，请先移走或删除它们' });
    expect(await snapshot(server)).toBe(before);
    expect((await server.call('DELETE', `/api/admin/menus/${await menuId('/reports/sub')}`, { token: admin })).body.status_code).toBe(0);
    const deleted = await server.call('DELETE', `/api/admin/menus/${reports}`, { token: admin });
    expect(deleted.body).toMatchObject({ status_code: 0, message: '菜单已删除' });
    expect(await lastOperation(server, 'menu')).toMatchObject({ action: 'delete', summary: '删除目录「报表中心」（/reports）' });
  });
});

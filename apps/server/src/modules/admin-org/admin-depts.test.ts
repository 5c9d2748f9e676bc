import type { AdminDept, Dept, UserProfile } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
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

async function deptId(name: string): Promise<number> {
  const row = await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

function find(tree: AdminDept[], name: string): AdminDept | undefined {
  for (const dept of tree) {
    if (dept.name === name) return dept;
    const found = find(dept.children, name);
    if (found) return found;
  }
  return undefined;
}

async function adminTree(): Promise<AdminDept[]> {
  const { body } = await server.call<AdminDept[]>('GET', '/api/admin/depts', { token: admin });
  expect(body.status_code).toBe(0);
  return body.data;
}

describe('department administration permissions', () => {
  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/admin/depts')).status).toBe(401);
    expect((await server.call('POST', '/api/admin/depts', { body: { name: 'x' } })).status).toBe(401);
  });

  it('answers 403 to a user without sys_dept on every endpoint and changes nothing', async () => {
    const tech = await deptId('技术部');
    const dev = await deptId('研发组');
    const before = await snapshot(server);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/depts'],
      ['POST', '/api/admin/depts', { name: '黑客部', parent_id: tech }],
      ['PUT', `/api/admin/depts/${dev}`, { name: '改名' }],
      ['PUT', `/api/admin/depts/${dev}/move`, { parent_id: null, position: 0 }],
      ['PUT', `/api/admin/depts/${dev}/leader`, { leader_id: await userId(server.db, 'zhangsan') }],
      ['DELETE', `/api/admin/depts/${dev}`],
    ];
    for (const [method, url, body] of calls) {
      const result = await server.call(method, url, { token: zhangsan, body });
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(result.body.message).toBe('您没有权限执行此操作');
    }
    expect(await snapshot(server)).toBe(before);
  });
});

describe('GET /api/admin/depts', () => {
  it('shows the tree with leaders, head counts and what may be deleted', async () => {
    const tree = await adminTree();
    expect(tree.map((d) => d.name)).toEqual(['星河科技有限公司']);
    const tech = find(tree, '技术部');
    expect(tech).toMatchObject({ leader_name: '李四', user_count: 4, abilities: { delete: false } });
    expect(tech?.delete_blocked_reason).toBe('该部门下还有 2 个下级部门和 4 名用户，请先移走后再删除');
    expect(tech?.children.map((d) => d.name)).toEqual(['研发组', '运维组']);
  });
});

describe('creating and renaming', () => {
  it('creates a department under a parent and logs it', async () => {
    const tech = await deptId('技术部');
    const result = await server.call<{ id: number }>('POST', '/api/admin/depts', {
      token: admin,
      body: { name: ' 测试组 ', parent_id: tech },
      headers: { service: 'system' },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: '部门已创建' });
    const created = find(await adminTree(), '测试组');
    expect(created).toMatchObject({ id: result.body.data.id, parent_id: tech, user_count: 0, abilities: { delete: true } });
    expect(find(await adminTree(), '技术部')?.children.map((d) => d.name)).toEqual(['研发组', '运维组', '测试组']);
    const log = await lastOperation(server, 'dept');
    expect(log).toMatchObject({ action: 'create', item_id: String(result.body.data.id), username: 'admin', service: 'system' });
    expect(log?.summary).toBe('新建部门「测试组」（上级：技术部）');
  });

  it('refuses a blank name, a name taken among siblings and a missing parent, changing nothing', async () => {
    const tech = await deptId('技术部');
    const before = await snapshot(server);
    const blank = await server.call('POST', '/api/admin/depts', { token: admin, body: { name: '  ', parent_id: tech } });
    expect(blank.body).toMatchObject({ status_code: 422, message: '请填写部门名称', data: { errors: { name: ['请填写部门名称'] } } });
    const taken = await server.call('POST', '/api/admin/depts', { token: admin, body: { name: '研发组', parent_id: tech } });
    expect(taken.body).toMatchObject({
      status_code: 422,
      data: { errors: { name: ['同一上级部门下已有名为「研发组」的部门，请换一个名称'] } },
    });
    const orphan = await server.call('POST', '/api/admin/depts', { token: admin, body: { name: '新部门', parent_id: 99999 } });
    expect(orphan.body).toMatchObject({ status_code: 422, data: { errors: { parent_id: ['上级部门不存在或已被删除'] } } });
    const badParent = await server.call('POST', '/api/admin/depts', { token: admin, body: { name: '新部门', parent_id: 'tech' } });
    expect(badParent.body).toMatchObject({ status_code: 422, data: { errors: { parent_id: ['上级部门格式不正确'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it('allows the same name under another parent', async () => {
    const market = await deptId('市场部');
    const result = await server.call('POST', '/api/admin/depts', { token: admin, body: { name: '研发组', parent_id: market } });
    expect(result.body.status_code).toBe(0);
  });

  it("renames, and the new name shows in a member's profile on their next request", async () => {
    const dev = await deptId('研发组');
    const liuyang = await server.signIn('liuyang');
    expect((await server.call<UserProfile>('GET', '/api/user/profile', { token: liuyang })).body.data.dept).toBe('研发组');
    const result = await server.call('PUT', `/api/admin/depts/${dev}`, { token: admin, body: { name: '研发一组' } });
    expect(result.body).toMatchObject({ status_code: 0, message: '部门已重命名' });
    expect((await server.call<UserProfile>('GET', '/api/user/profile', { token: liuyang })).body.data.dept).toBe('研发一组');
    expect((await lastOperation(server, 'dept'))?.summary).toBe('部门「研发组」改名为「研发一组」');
  });

  it("refuses a rename to a sibling's name", async () => {
    const ops = await deptId('运维组');
    const before = await snapshot(server);
    const result = await server.call('PUT', `/api/admin/depts/${ops}`, { token: admin, body: { name: '测试组' } });
    expect(result.body).toMatchObject({
      status_code: 422,
      data: { errors: { name: ['同一上级部门下已有名为「测试组」的部门，请换一个名称'] } },
    });
    expect(await snapshot(server)).toBe(before);
  });

  it('answers 404 for a department that does not exist', async () => {
    expect((await server.call('PUT', '/api/admin/depts/99999', { token: admin, body: { name: '无' } })).body.status_code).toBe(404);
    expect((await server.call('DELETE', '/api/admin/depts/abc', { token: admin })).body.status_code).toBe(404);
  });
});

describe('moving', () => {
  it('refuses moving a department under itself or one of its descendants, changing nothing', async () => {
    const tech = await deptId('技术部');
    const ops = await deptId('运维组');
    const before = await snapshot(server);
    for (const parent of [tech, ops]) {
      const result = await server.call('PUT', `/api/admin/depts/${tech}/move`, { token: admin, body: { parent_id: parent, position: 0 } });
      expect(result.body).toMatchObject({
        status_code: 422,
        message: '不能把部门移动到它自己或它的下级部门之下',
        data: { errors: { parent_id: ['不能把部门移动到它自己或它的下级部门之下'] } },
      });
    }
    const bad = await server.call('PUT', `/api/admin/depts/${ops}/move`, { token: admin, body: { parent_id: tech, position: -1 } });
    expect(bad.body).toMatchObject({ status_code: 422, data: { errors: { position: ['位置须为不小于 0 的整数'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it('moves a department to a new parent at a position, and reorders within a parent', async () => {
    const hq = await deptId('星河科技有限公司');
    const ops = await deptId('运维组');
    const moved = await server.call('PUT', `/api/admin/depts/${ops}/move`, { token: admin, body: { parent_id: hq, position: 1 } });
    expect(moved.body).toMatchObject({ status_code: 0, message: '部门已移动' });
    const { body } = await server.call<Dept[]>('GET', '/api/depts', { token: zhangsan });
    expect(body.data[0]?.children.map((d) => d.name)).toEqual([
      '总经理办公室',
      '运维组',
      '综合管理部',
      '财务部',
      '技术部',
      '市场部',
      'IPTV业务部',
    ]);
    expect((await lastOperation(server, 'dept'))?.summary).toBe('部门「运维组」从「技术部」移到「星河科技有限公司」下');

    const sorted = await server.call('PUT', `/api/admin/depts/${ops}/move`, { token: admin, body: { parent_id: hq, position: 99 } });
    expect(sorted.body.status_code).toBe(0);
    const after = await server.call<Dept[]>('GET', '/api/depts', { token: zhangsan });
    expect(after.body.data[0]?.children.map((d) => d.name).at(-1)).toBe('运维组');
    expect((await lastOperation(server, 'dept'))?.action).toBe('sort');
  });

  it('refuses a move next to a sibling of the same name', async () => {
    const market = await deptId('市场部');
    const tech = await deptId('技术部');
    const twin = await server.db
      .selectFrom('depts')
      .select('id')
      .where('name', '=', '研发组')
      .where('parent_id', '=', market)
      .executeTakeFirstOrThrow();
    await server.call('PUT', `/api/admin/depts/${await deptId('研发一组')}`, { token: admin, body: { name: '研发组' } });
    const before = await snapshot(server);
    const result = await server.call('PUT', `/api/admin/depts/${twin.id}/move`, { token: admin, body: { parent_id: tech, position: 0 } });
    expect(result.body).toMatchObject({
      status_code: 422,
      data: { errors: { name: ['同一上级部门下已有名为「研发组」的部门，请换一个名称'] } },
    });
    expect(await snapshot(server)).toBe(before);
  });
});

describe('leader', () => {
  it('sets an enabled user as leader and clears it again', async () => {
    const market = await deptId('市场部');
    const zhuwei = await userId(server.db, 'zhuwei');
    const set = await server.call('PUT', `/api/admin/depts/${market}/leader`, { token: admin, body: { leader_id: zhuwei } });
    expect(set.body).toMatchObject({ status_code: 0, message: '负责人已设置' });
    expect(find(await adminTree(), '市场部')).toMatchObject({ leader_id: zhuwei, leader_name: '朱伟' });
    expect((await lastOperation(server, 'dept'))?.summary).toBe('设置部门「市场部」的负责人为 朱伟（zhuwei）');
    const cleared = await server.call('PUT', `/api/admin/depts/${market}/leader`, { token: admin, body: { leader_id: null } });
    expect(cleared.body.status_code).toBe(0);
    expect(find(await adminTree(), '市场部')).toMatchObject({ leader_id: null, leader_name: '' });
  });

  it('refuses a disabled or unknown user, changing nothing', async () => {
    const market = await deptId('市场部');
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'hulin').execute();
    await server.accessChanged();
    const before = await snapshot(server);
    const disabled = await server.call('PUT', `/api/admin/depts/${market}/leader`, {
      token: admin,
      body: { leader_id: await userId(server.db, 'hulin') },
    });
    expect(disabled.body).toMatchObject({ status_code: 422, data: { errors: { leader_id: ['负责人须为已启用的用户'] } } });
    const unknown = await server.call('PUT', `/api/admin/depts/${market}/leader`, { token: admin, body: { leader_id: 99999 } });
    expect(unknown.body).toMatchObject({ status_code: 422, data: { errors: { leader_id: ['负责人不存在，请从列表中选择'] } } });
    const missing = await server.call('PUT', `/api/admin/depts/${market}/leader`, { token: admin, body: {} });
    expect(missing.body).toMatchObject({ status_code: 422, data: { errors: { leader_id: ['负责人格式不正确'] } } });
    expect(await snapshot(server)).toBe(before);
  });
});

describe('deleting', () => {
  it('refuses a department with sub-departments or people, saying which', async () => {
    const before = await snapshot(server);
    const tech = await server.call('DELETE', `/api/admin/depts/${await deptId('技术部')}`, { token: admin });
    expect(tech.body).toMatchObject({ status_code: 409, message: '该部门下还有 2 个下级部门和 4 名用户，请先移走后再删除' });
    const finance = await server.call('DELETE', `/api/admin/depts/${await deptId('财务部')}`, { token: admin });
    expect(finance.body).toMatchObject({ status_code: 409, message: '该部门下还有 3 名用户，请先移走后再删除' });
    expect(await snapshot(server)).toBe(before);
  });

  it('deletes an empty department and logs it', async () => {
    const id = await deptId('测试组');
    const result = await server.call('DELETE', `/api/admin/depts/${id}`, { token: admin });
    expect(result.body).toMatchObject({ status_code: 0, message: '部门已删除' });
    expect(find(await adminTree(), '测试组')).toBeUndefined();
    expect(await lastOperation(server, 'dept')).toMatchObject({ action: 'delete', item_id: String(id), summary: '删除部门「测试组」' });
  });
});

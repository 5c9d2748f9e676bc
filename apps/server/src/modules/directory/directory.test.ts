import type { Dept, DeptUser, HolidayStats } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { currentYear } from '../holiday/holiday.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /api/depts', () => {
  it('returns the company as a tree with leaders', async () => {
    const { body } = await server.call<Dept[]>('GET', '/api/depts', { token: await server.signIn('zhangsan') });
    expect(body.data).toHaveLength(1);
    const company = body.data[0];
    expect(company?.name).toBe('星河科技有限公司');
    const tech = company?.children.find((d) => d.name === '技术部');
    expect(tech?.children.map((d) => d.name)).toEqual(['研发组', '运维组']);
    const lisi = await server.db.selectFrom('users').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow();
    expect(tech?.leader_id).toBe(lisi.id);
  });
});

describe('GET /api/depts/users', () => {
  it('lists people for pickers, filtered by status, department and keyword', async () => {
    const token = await server.signIn('zhangsan');
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'fengxiao').execute();
    const active = await server.call<DeptUser[]>('GET', '/api/depts/users?user_status=1', { token });
    expect(active.body.data.some((u) => u.username === 'fengxiao')).toBe(false);
    expect(active.body.data.length).toBe(29);
    expect(Object.keys(active.body.data[0] ?? {}).sort()).toEqual(
      ['dept_id', 'dept_name', 'id', 'mobile', 'name', 'profilePhoto', 'station', 'user_status', 'username'].sort(),
    );
    const all = await server.call<DeptUser[]>('GET', '/api/depts/users', { token });
    expect(all.body.data.length).toBe(30);
    const found = await server.call<DeptUser[]>('GET', `/api/depts/users?keyword=${encodeURIComponent('李')}`, { token });
    expect(found.body.data.map((u) => u.username)).toEqual(['lisi']);
    const literal = await server.call<DeptUser[]>('GET', '/api/depts/users?keyword=%25', { token });
    expect(literal.body.data).toEqual([]);
  });

  it('refuses a bad status with a message', async () => {
    const result = await server.call('GET', '/api/depts/users?user_status=9', { token: await server.signIn('zhangsan') });
    expect(result.body).toMatchObject({ status_code: 422, message: '不能大于1', data: { errors: { user_status: ['不能大于1'] } } });
  });

  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/depts/users')).status).toBe(401);
    expect((await server.call('GET', '/api/depts')).status).toBe(401);
  });
});

describe('GET /api/holiday/my/stats', () => {
  it("returns the caller's current-year stats", async () => {
    const { body } = await server.call<HolidayStats>('GET', '/api/holiday/my/stats', { token: await server.signIn('zhangsan') });
    expect(body.data).toEqual({ year: currentYear(), total_day: 10, used_day: 1.5, applying_day: 1 });
  });

  it('answers zeros for a user without an allotment this year', async () => {
    await server.db.deleteFrom('holiday_stats').where('user_id', '=', 1).execute();
    const { body } = await server.call<HolidayStats>('GET', '/api/holiday/my/stats', { token: await server.signIn('admin') });
    expect(body.data).toEqual({ year: currentYear(), total_day: 0, used_day: 0, applying_day: 0 });
  });
});

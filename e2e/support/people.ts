import { expect, type APIRequestContext } from '@playwright/test';
import type { AdminDept, AdminUser, ApiEnvelope, DeptUser } from '@osp/shared';
import { apiSignIn, bearer } from './api';

/*
 * People and departments a journey makes for itself through the administrator's API, so that what it
 * changes (a password, a photo, a forced-read confirmation, a role, a to-do count) belongs to no other
 * journey, and the journeys pass in any order, two at a time.
 */

/** The initial password of every person a journey makes. */
export const PERSON_PASSWORD = 'Own#Person26';

/** A suffix no other journey (nor an earlier run on the same database) uses: base-36 time and a random part. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`;
}

/** A short tag for names people read (4 upper-case letters and digits), random enough for one run. */
export function nameTag(): string {
  return Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')
    .toUpperCase();
}

export interface OwnPerson {
  id: number;
  username: string;
  name: string;
  password: string;
  mail: string;
  deptId: number;
  /** The administrator's token the person was made with, for further set-up calls. */
  adminToken: string;
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: HTTP ${response.status()}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${what}: ${body.message}`).toBe(0);
  return body.data;
}

/** The department of a demo colleague (default: 张三's 技术部, led by 李四). */
export async function deptOfColleague(request: APIRequestContext, token: string, username = 'zhangsan'): Promise<number> {
  const users = await dataOf<DeptUser[]>(await request.get('/api/depts/users', { headers: bearer(token) }), 'GET /api/depts/users');
  const colleague = users.find((u) => u.username === username);
  expect(colleague?.dept_id, `the department of ${username}`).toBeTruthy();
  return colleague?.dept_id ?? 0;
}

/**
 * An administrator adds a person to the demo company, in a demo colleague's department (`colleague`,
 * default 张三's 技术部, so that 李四 is their department leader) or in `deptId`. Their username, mail and
 * name are the journey's own; nobody else signs in as them.
 */
export async function createPerson(
  request: APIRequestContext,
  name: string,
  options: { colleague?: string; deptId?: number; roles?: string[]; adminToken?: string; password?: string } = {},
): Promise<OwnPerson> {
  const adminToken = options.adminToken ?? (await apiSignIn(request, 'admin'));
  const deptId = options.deptId ?? (await deptOfColleague(request, adminToken, options.colleague));
  const username = `e2e${uniqueSuffix()}`;
  const mail = `${username}@xinghe-tech.cn`;
  const password = options.password ?? PERSON_PASSWORD;
  const created = await dataOf<AdminUser>(
    await request.post('/api/admin/users', {
      headers: bearer(adminToken),
      data: {
        username,
        name,
        sex: '2',
        dept_id: deptId,
        station: '测试工程师',
        mobile: `139${String(Date.now()).slice(-8)}`,
        mail,
        passwd: password,
        ...(options.roles ? { roles: options.roles } : {}),
      },
    }),
    `POST /api/admin/users ${username}`,
  );
  return { id: created.id, username, name, password, mail, deptId, adminToken };
}

/** The company's top department (星河科技有限公司), under which journeys add their own departments. */
export async function companyDeptId(request: APIRequestContext, adminToken: string): Promise<number> {
  const tree = await dataOf<AdminDept[]>(await request.get('/api/admin/depts', { headers: bearer(adminToken) }), 'GET /api/admin/depts');
  expect(tree[0]?.id, 'the company department').toBeTruthy();
  return tree[0]?.id ?? 0;
}

/** A department of the journey's own under the company; returns its id. */
export async function createDept(request: APIRequestContext, adminToken: string, name: string): Promise<number> {
  const parentId = await companyDeptId(request, adminToken);
  const dept = await dataOf<AdminDept>(
    await request.post('/api/admin/depts', { headers: bearer(adminToken), data: { name, parent_id: parentId } }),
    `POST /api/admin/depts ${name}`,
  );
  return dept.id;
}

/** Makes a person the leader of a department (their bills' 部门负责人 step goes to them). */
export async function setDeptLeader(request: APIRequestContext, adminToken: string, deptId: number, leaderId: number): Promise<void> {
  await dataOf<unknown>(
    await request.put(`/api/admin/depts/${deptId}/leader`, { headers: bearer(adminToken), data: { leader_id: leaderId } }),
    `PUT /api/admin/depts/${deptId}/leader`,
  );
}

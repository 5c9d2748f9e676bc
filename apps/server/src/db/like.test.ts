import type { AdminUser, BillListRow, DeptUser, Job, Paged, TemplateSummary } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../test/harness';
import { idOf, linearGraph, makeTemplate } from '../modules/bills/test-support';
import { escapeLike } from './like';

/**
 * Issue 11, item 7: a keyword is searched for literally on both engines. `%` and `_` used to be
 * wildcards (every row matched), and the users picker escaped them without an ESCAPE clause, which
 * SQLite does not infer, so there a `%` found nothing. Each list is searched for `%`, `_`, `\` and a
 * keyword in the other case; every row it answers must contain the keyword, and the row made for it
 * must be among them.
 */

let server: TestServer;
let admin: string;

/** One name per special character, and one to prove that case is ignored on both engines. */
const NAMES = { percent: '达标率100%名', underscore: 'A_B名', backslash: 'C:\\路径名', mixed: 'MixedCase名' } as const;
const SEARCHES: { keyword: string; expected: keyof typeof NAMES }[] = [
  { keyword: '%', expected: 'percent' },
  { keyword: '_', expected: 'underscore' },
  { keyword: '\\', expected: 'backslash' },
  { keyword: 'mixedcase', expected: 'mixed' },
];

const contains = (text: string | null | undefined, keyword: string) => (text ?? '').toLowerCase().includes(keyword.toLowerCase());
const query = (keyword: string) => `keyword=${encodeURIComponent(keyword)}`;

async function list<T>(url: string): Promise<T> {
  const result = await server.call<T>('GET', url, { token: admin });
  expect(result.body.status_code, `${url}: ${result.body.message}`).toBe(0);
  return result.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  const lisi = await idOf(server, 'lisi');
  for (const [kind, name] of Object.entries(NAMES)) {
    // Templates: renamed in the table, so that the name is exactly the one searched for.
    const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    await server.db
      .updateTable('templates')
      .set({ name: `模板${name}` })
      .where('id', '=', templateId)
      .execute();
    // Bills: a draft of the administrator's, titled with the name, on a template without it.
    const plainTemplate = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const draft = await server.call<{ id: number }>('POST', '/api/bills', { token: admin, body: { template_id: plainTemplate, form: {} } });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    await server.db
      .updateTable('bills')
      .set({ title: `单据${name}` })
      .where('id', '=', draft.body.data.id)
      .execute();
    const job = await server.call('POST', '/api/jobs', { token: admin, body: { name: `岗位${name}`, description: kind } });
    expect(job.body.status_code, job.body.message).toBe(0);
  }
  // People: four demo users get the names.
  const people = ['xumin', 'zhaolei', 'sunhao', 'majuan'];
  for (const [i, name] of Object.values(NAMES).entries()) {
    await server.db
      .updateTable('users')
      .set({ name: `员工${name}` })
      .where('username', '=', people[i] ?? '')
      .execute();
  }
  await server.accessChanged();
});
afterAll(async () => server.close());

describe(`keyword search on ${TEST_ENGINE}`, () => {
  it('escapes \\, % and _ with \\ for a LIKE that names its escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it.each(SEARCHES)('bills: "$keyword" finds the titles and template names that contain it', async ({ keyword, expected }) => {
    const page = await list<Paged<BillListRow>>(`/api/bills?box=draft&per_page=100&${query(keyword)}`);
    expect(page.list.map((b) => b.title)).toContain(`单据${NAMES[expected]}`);
    for (const bill of page.list) expect(contains(bill.title, keyword) || contains(bill.template_name, keyword), bill.title).toBe(true);
    expect(page.total).toBe(page.list.length);
  });

  it.each(SEARCHES)('templates: "$keyword" finds the names that contain it', async ({ keyword, expected }) => {
    const page = await list<Paged<TemplateSummary>>(`/api/templates?all=1&${query(keyword)}`);
    expect(page.list.map((t) => t.name)).toContain(`模板${NAMES[expected]}`);
    for (const template of page.list) expect(contains(template.name, keyword), template.name).toBe(true);
  });

  it.each(SEARCHES)('jobs: "$keyword" finds the names that contain it', async ({ keyword, expected }) => {
    const page = await list<Paged<Job>>(`/api/jobs?per_page=100&${query(keyword)}`);
    expect(page.list.map((j) => j.name)).toEqual([`岗位${NAMES[expected]}`]);
  });

  it.each(SEARCHES)('users picker: "$keyword" finds the people whose name or username contains it', async ({ keyword, expected }) => {
    const people = await list<DeptUser[]>(`/api/depts/users?${query(keyword)}`);
    expect(people.map((p) => p.name)).toContain(`员工${NAMES[expected]}`);
    for (const person of people) expect(contains(person.name, keyword) || contains(person.username, keyword), person.name).toBe(true);
  });

  it.each(SEARCHES)(
    'admin users: "$keyword" finds the people whose name, username or mobile contains it',
    async ({ keyword, expected }) => {
      const page = await list<Paged<AdminUser>>(`/api/admin/users?per_page=100&${query(keyword)}`);
      expect(page.list.map((p) => p.name)).toContain(`员工${NAMES[expected]}`);
      for (const person of page.list) {
        expect(contains(person.name, keyword) || contains(person.username, keyword) || contains(person.mobile, keyword), person.name).toBe(
          true,
        );
      }
    },
  );
});

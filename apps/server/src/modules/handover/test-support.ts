import { sql } from 'kysely';
import type { AdminUser, BillHistoryEntry, BillListRow, Paged } from '@osp/shared';
import { expect } from 'vitest';
import { TEST_ENGINE, type TestServer } from '../../../test/harness';

/**
 * Helpers of the task-move tests (审批委托's 同时移交当前待办 and 离职交接): people of their own, so that no demo bill
 * waits for them, boxes and histories read over HTTP, and a database failure injected into one bill's history write.
 */

export const PERSON_PASSWORD = 'Own#Person26';

export interface Person {
  id: number;
  username: string;
  name: string;
  token: string;
}

let counter = 0;

/** A colleague of 张三 (技术部) made by the administrator, signed in. */
export async function createPerson(server: TestServer, adminToken: string, name: string, roles: string[] = ['staff']): Promise<Person> {
  const dept = await server.db.selectFrom('users').select('dept_id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow();
  const username = `move.${Date.now().toString(36)}.${++counter}`;
  const created = await server.call<AdminUser>('POST', '/api/admin/users', {
    token: adminToken,
    body: {
      username,
      name,
      sex: '1',
      dept_id: dept.dept_id,
      station: '',
      mobile: '13911112222',
      mail: `${username}@xinghe-tech.cn`,
      roles,
      passwd: PERSON_PASSWORD,
    },
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  return { id: created.body.data.id, username, name, token: await server.signIn(username, PERSON_PASSWORD) };
}

export async function disable(server: TestServer, adminToken: string, userId: number): Promise<void> {
  const result = await server.call('PATCH', `/api/admin/users/${userId}/status`, { token: adminToken, body: { status: 0 } });
  expect(result.body.status_code, result.body.message).toBe(0);
}

/** The ids of the bills in someone's 待我审批, with their 代 X 审批 label. */
export async function todoOf(server: TestServer, person: Person): Promise<Map<number, string | null>> {
  const result = await server.call<Paged<BillListRow>>('GET', '/api/bills?box=todo&per_page=100', { token: person.token });
  expect(result.body.status_code, result.body.message).toBe(0);
  return new Map(result.body.data.list.map((b) => [b.id, b.on_behalf_of ?? null]));
}

export async function historyOf(server: TestServer, token: string, billId: number): Promise<BillHistoryEntry[]> {
  const result = await server.call<BillHistoryEntry[]>('GET', `/api/bills/${billId}/history`, { token });
  expect(result.body.status_code, result.body.message).toBe(0);
  return result.body.data;
}

/** The open tasks of a bill as (acting handler, status) pairs, in task order. */
export async function openTasks(server: TestServer, billId: number): Promise<[number, string][]> {
  const rows = await server.db
    .selectFrom('bill_tasks')
    .select(['acting_handler', 'status'])
    .where('bill_id', '=', billId)
    .where('status', 'in', ['pending', 'waiting'])
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.acting_handler, r.status]);
}

export async function logRows(server: TestServer): Promise<number> {
  const row = await server.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes every history write of `billId` fail, as a database fault in the middle of a move would. */
export async function failHistoryOf(server: TestServer, billId: number): Promise<() => Promise<void>> {
  const id = sql.lit(billId);
  if (TEST_ENGINE === 'sqlite') {
    await sql`create trigger fail_move before insert on bill_events when new.bill_id = ${id} begin select raise(abort, 'injected failure'); end`.execute(
      server.db,
    );
    return async () => void (await sql`drop trigger fail_move`.execute(server.db));
  }
  await sql`create function fail_move() returns trigger language plpgsql as $$ begin if new.bill_id = ${id} then raise exception 'injected failure'; end if; return new; end $$`.execute(
    server.db,
  );
  await sql`create trigger fail_move before insert on bill_events for each row execute function fail_move()`.execute(server.db);
  return async () => {
    await sql`drop trigger fail_move on bill_events`.execute(server.db);
    await sql`drop function fail_move()`.execute(server.db);
  };
}

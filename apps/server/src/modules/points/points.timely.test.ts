import { addDays, PointMessages, shanghaiDay, type Paged, type PointLedgerEntry } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, Tokens } from '../bills/test-support';
import { taskSourceId } from './points.service';

/** 及时审批 (issue 15): a handler's own agree or return within one working day of the task's arrival earns points once. */

let server: TestServer;
let tokens: Tokens;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  admin = await tokens.get('admin');
});
afterAll(async () => server.close());

const timelyRows = async (username: string) =>
  server.db
    .selectFrom('point_ledger')
    .selectAll()
    .where('user_id', '=', await idOf(server, username))
    .where('source_kind', '=', 'approval_timely')
    .orderBy('id')
    .execute();

const operate = async (username: string, taskId: string, operType: string, body: Record<string, unknown> = {}) =>
  server.call('POST', `/api/bills/flownode/${taskId}/${operType}`, { token: await tokens.get(username), body });

/** A released bill of zhangsan's whose single step waits for `handler`; answers the bill id and the handler's task. */
async function billFor(handler: string, nodes = 1, settings = {}): Promise<{ billId: number; taskId: string }> {
  const handlerId = await idOf(server, handler);
  const template = await makeTemplate(
    server,
    admin,
    linearGraph(
      Array.from({ length: nodes }, () => [{ type: 'orsign' as const, userIds: [handlerId] }]),
      settings,
    ),
  );
  const bill = await releasedBill(server, await tokens.get('zhangsan'), template);
  return { billId: bill.id, taskId: await pendingTask(server, bill.id, handlerId) };
}

const setTimely = async (value: unknown) =>
  server.call('PUT', '/api/admin/settings', { token: admin, body: { point_approval_timely: value } });

describe('the working-day rule', () => {
  // The rule itself (weekends, holidays, make-up days, Shanghai clock) is tested in packages/shared work-calendar.test.ts;
  // here, that the award reads the work calendar HR keeps.
  it('keys a task id as one number', () => {
    expect(taskSourceId('123-t4')).toBe(123_000_004);
    expect(taskSourceId('999999999-t999999')).toBe(999_999_999_999_999);
    // Beyond the shape: no key, so no award, and the decision goes through (never a 500 for a point).
    for (const id of ['123-t1000000', '1234567890-t1', 'x-t1', '']) expect(taskSourceId(id)).toBeNull();
  });
});

describe('awards for handling an approval task in time', () => {
  it('awards the setting to the handler who agrees, once per task', async () => {
    const { taskId } = await billFor('lisi');
    expect((await operate('lisi', taskId, 'agree')).body.status_code).toBe(0);
    expect((await operate('lisi', taskId, 'agree')).body.status_code).toBe(409);
    const rows = await timelyRows('lisi');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ points: 1, source_id: taskSourceId(taskId), created_by: null });
    expect(rows[0]?.reason).toMatch(/^及时审批《/);
    const mine = await server.call<Paged<PointLedgerEntry>>('GET', '/api/points/mine', { token: await tokens.get('lisi') });
    expect(mine.body.data.list[0]).toMatchObject({ points: 1, source: 'approval_timely', source_label: '及时审批' });
    // The initiator, who did nothing to a task, earns nothing.
    expect(await timelyRows('zhangsan')).toHaveLength(0);
  });

  it('awards a return (reject) in time too, and nothing for a transfer — the one who decides earns it', async () => {
    const { taskId } = await billFor('zhoujiu');
    expect((await operate('zhoujiu', taskId, 'reject', { comment: '请补充说明' })).body.status_code).toBe(0);
    expect((await timelyRows('zhoujiu')).map((r) => r.source_id)).toEqual([taskSourceId(taskId)]);

    const moved = await billFor('wushi');
    const transfer = await operate('wushi', moved.taskId, 'transfer', { to_user_id: await idOf(server, 'zhaolei') });
    expect(transfer.body.status_code).toBe(0);
    expect(await timelyRows('wushi')).toHaveLength(0);
    const theirs = await pendingTask(server, moved.billId, await idOf(server, 'zhaolei'));
    expect((await operate('zhaolei', theirs, 'agree')).body.status_code).toBe(0);
    expect((await timelyRows('zhaolei')).map((r) => r.source_id)).toEqual([taskSourceId(theirs)]);
  });

  it('awards nothing for a task decided later than one working day after it arrived', async () => {
    const { taskId } = await billFor('zhengyi');
    // Arrived eight days ago: whatever the weekday, more than one working day has gone by.
    const arrived = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    await server.db.updateTable('bill_tasks').set({ created_at: arrived }).where('id', '=', taskId).execute();
    expect((await operate('zhengyi', taskId, 'agree')).body.status_code).toBe(0);
    expect(await timelyRows('zhengyi')).toHaveLength(0);
  });

  /**
   * A task that arrived 30 hours ago is in time exactly when the day after its arrival (Shanghai) is no working day:
   * the calendar decides. The day is made a holiday (or, on a weekend, a make-up workday) for the case at hand.
   */
  async function decidedAfter30Hours(handler: string, nextDay: 'holiday' | 'workday'): Promise<number> {
    const { taskId } = await billFor(handler);
    const arrived = new Date(Date.now() - 30 * 3600_000);
    const day = addDays(shanghaiDay(arrived), 1);
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    const entries =
      nextDay === 'holiday' && !weekend ? [{ day, kind: 'holiday' }] : nextDay === 'workday' && weekend ? [{ day, kind: 'workday' }] : [];
    const saved = await server.call('PUT', `/api/holiday/calendar/${day.slice(0, 4)}`, { token: admin, body: { entries } });
    expect(saved.body.status_code, saved.body.message).toBe(0);
    await server.db.updateTable('bill_tasks').set({ created_at: arrived.toISOString() }).where('id', '=', taskId).execute();
    expect((await operate(handler, taskId, 'agree')).body.status_code).toBe(0);
    return (await timelyRows(handler)).length;
  }

  it('reads the work calendar: a holiday the day after arrival leaves the task in time 30 hours on', async () => {
    expect(await decidedAfter30Hours('majuan', 'holiday')).toBe(1);
  });

  it('reads the work calendar: a working day (a make-up one on a weekend) after arrival makes 30 hours late', async () => {
    expect(await decidedAfter30Hours('sunhao', 'workday')).toBe(0);
  });

  it('awards nothing for a task the engine agreed by itself (审批人去重)', async () => {
    const { billId, taskId } = await billFor('liuyang', 2, { approverDedup: 'consecutive' });
    expect((await operate('liuyang', taskId, 'agree')).body.status_code).toBe(0);
    const tasks = await server.db.selectFrom('bill_tasks').select(['id', 'status', 'is_auto']).where('bill_id', '=', billId).execute();
    expect(tasks.filter((t) => t.is_auto === 1 && t.status === 'agreed')).toHaveLength(1);
    expect((await timelyRows('liuyang')).map((r) => r.source_id)).toEqual([taskSourceId(taskId)]);
  });

  it('writes one row per task when a handler agrees two tasks at the same moment', async () => {
    const first = await billFor('chenjing');
    const second = await billFor('chenjing');
    const answers = await Promise.all([operate('chenjing', first.taskId, 'agree'), operate('chenjing', second.taskId, 'agree')]);
    expect(answers.map((a) => a.body.status_code)).toEqual([0, 0]);
    expect((await timelyRows('chenjing')).map((r) => r.source_id).sort((a, b) => Number(a) - Number(b))).toEqual(
      [taskSourceId(first.taskId), taskSourceId(second.taskId)].sort((a, b) => Number(a) - Number(b)),
    );
  });

  it('follows the setting: 0 awards nothing, a bad value is refused with a clear message', async () => {
    expect((await setTimely(3)).body.status_code).toBe(0);
    const three = await billFor('yangfan');
    await operate('yangfan', three.taskId, 'agree');
    expect((await timelyRows('yangfan')).map((r) => r.points)).toEqual([3]);

    expect((await setTimely(0)).body.status_code).toBe(0);
    const none = await billFor('huangli');
    expect((await operate('huangli', none.taskId, 'agree')).body.status_code).toBe(0);
    expect(await timelyRows('huangli')).toHaveLength(0);

    for (const bad of [-1, 101, 1.5, 'x']) {
      expect((await setTimely(bad)).body, String(bad)).toMatchObject({ status_code: 422, message: PointMessages.awardRange });
    }
    const settings = await server.call<{ point_approval_timely: number }>('GET', '/api/settings', { token: admin });
    expect(settings.body.data.point_approval_timely).toBe(0);
    expect((await setTimely(1)).body.status_code).toBe(0);
  });
});

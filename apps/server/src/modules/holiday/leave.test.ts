import {
  ApprovalMessages,
  LeaveMessages,
  LeaveTypeMessages,
  WorkCalendarMessages,
  type BillDetail,
  type LeaveAway,
  type LeaveRecord,
  type LeaveScopes,
  type LeaveStartResult,
  type LeaveType,
  type LeaveTypeAdmin,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * Leave requests and their 请假 bills (issue 17, docs/holiday.md "Leave"): the days measured on the work calendar,
 * the type's rules, the balance moving with the bill in its transaction (applying on release, used on approval, back
 * on rejection, withdrawal, abandonment), a request over the balance refused with the numbers and leaving nothing,
 * the template bound to leave refused on the generic bill form, and who reads which records.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const idOf = async (username: string) =>
  (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const usernameOf = async (id: number) =>
  (await server.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
const statsOf = async (username: string, year: number) => {
  const row = await server.db
    .selectFrom('holiday_stats')
    .select(['total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', await idOf(username))
    .where('year', '=', year)
    .executeTakeFirst();
  return row && { total: Number(row.total_day), used: Number(row.used_day), applying: Number(row.applying_day) };
};
const requestsOf = async (username: string) =>
  server.db
    .selectFrom('leave_requests')
    .selectAll()
    .where('user_id', '=', await idOf(username))
    .execute();
const billsOf = async (username: string) =>
  server.db
    .selectFrom('bills')
    .select('id')
    .where('initiator_id', '=', await idOf(username))
    .execute();

let types: LeaveType[] = [];
const typeId = async (name: string) => {
  if (types.length === 0) types = (await call<LeaveType[]>('zhangsan', 'GET', '/api/holiday/leave-types')).body.data;
  const type = types.find((t) => t.name === name);
  if (!type) throw new Error(`no leave type ${name}`);
  return type.id;
};

/** HR gives `username` a total of `days` for `year`. */
async function giveDays(username: string, year: number, days: number) {
  const answer = await call('admin', 'PATCH', `/api/holiday/stats/${await idOf(username)}/change`, {
    year,
    delta: days,
    reason: '测试额度',
  });
  expect(answer.body.status_code, answer.body.message).toBe(0);
}

interface LeaveInput {
  type?: string;
  start: string;
  end: string;
  startHalf?: 'am' | 'pm';
  endHalf?: 'am' | 'pm';
  files?: string[];
}

async function askLeave(username: string, input: LeaveInput) {
  return call<LeaveStartResult>(username, 'POST', '/api/holiday/leave', {
    leave_type_id: await typeId(input.type ?? '年假'),
    start_day: input.start,
    start_half: input.startHalf ?? 'am',
    end_day: input.end,
    end_half: input.endHalf ?? 'pm',
    reason: '测试请假',
    ...(input.files ? { files: input.files } : {}),
  });
}

async function startedLeave(username: string, input: LeaveInput): Promise<LeaveStartResult> {
  const answer = await askLeave(username, input);
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

/** The pending task's handler acts on the bill (agree or reject). */
async function decide(billId: number, oper: 'agree' | 'reject') {
  const task = await server.db
    .selectFrom('bill_tasks')
    .select(['id', 'acting_handler'])
    .where('bill_id', '=', billId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const answer = await call<BillDetail>(await usernameOf(task.acting_handler), 'POST', `/api/bills/flownode/${task.id}/${oper}`, {
    comment: oper === 'reject' ? '时间冲突' : '同意',
  });
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

const statusOf = async (id: number) =>
  (await server.db.selectFrom('leave_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('POST /api/holiday/leave', () => {
  it('measures 2.5 days across a weekend and a public holiday; applying moves on release, used on approval', async () => {
    const year = 2031;
    const calendar = await call('admin', 'PUT', `/api/holiday/calendar/${year}`, {
      entries: [
        { day: '2031-05-01', kind: 'holiday', name: '劳动节' },
        { day: '2031-05-02', kind: 'holiday', name: '劳动节' },
      ],
    });
    expect(calendar.body.status_code, calendar.body.message).toBe(0);
    await giveDays('zhangsan', year, 5);

    // Wednesday 04-30 all day, the holiday and the weekend count nothing, Monday 05-05 all day, Tuesday morning.
    const started = await startedLeave('zhangsan', { start: '2031-04-30', end: '2031-05-06', endHalf: 'am' });
    expect(started.leave).toMatchObject({ days: 2.5, status: 'applying', year, leave_type: '年假', bill_id: started.bill_id });
    expect(await statsOf('zhangsan', year)).toEqual({ total: 5, used: 0, applying: 2.5 });
    const bill = await call<BillDetail>('zhangsan', 'GET', `/api/bills/${started.bill_id}`);
    expect(bill.body.data.status).toBe('doing');
    expect(bill.body.data.form).toMatchObject({ days: 2.5, start_half: '上午', end_half: '上午', period: ['2031-04-30', '2031-05-06'] });

    const done = await decide(started.bill_id, 'agree');
    expect(done.status).toBe('done');
    expect(await statsOf('zhangsan', year)).toEqual({ total: 5, used: 2.5, applying: 0 });
    expect(await statusOf(started.leave.id)).toBe('approved');
  });

  it('refuses a request over the available balance with the numbers, leaving no request and no bill', async () => {
    const year = 2032;
    await giveDays('hanbing', year, 2);
    const requestsBefore = (await requestsOf('hanbing')).length;
    const billsBefore = (await billsOf('hanbing')).length;
    // 2032-03-01 is a Monday: Monday to Wednesday is 3 days.
    const answer = await askLeave('hanbing', { start: '2032-03-01', end: '2032-03-03' });
    expect(answer.body.status_code).toBe(422);
    expect(answer.body.message).toBe(LeaveMessages.overBalance('年假', 3, 2, 2, 0, 0));
    expect(await statsOf('hanbing', year)).toEqual({ total: 2, used: 0, applying: 0 });
    expect((await requestsOf('hanbing')).length).toBe(requestsBefore);
    expect((await billsOf('hanbing')).length).toBe(billsBefore);
  });

  it("applies the type's rules: whole days, a certificate over n days, no working day, a reversed span", async () => {
    const wedding = await askLeave('zhangsan', { type: '婚假', start: '2033-03-07', end: '2033-03-08', endHalf: 'am' });
    expect(wedding.body.status_code).toBe(422);
    expect(wedding.body.message).toBe(LeaveMessages.halfNotAllowed('婚假'));
    const sick = await askLeave('zhangsan', { type: '病假', start: '2033-03-07', end: '2033-03-08' });
    expect(sick.body.status_code).toBe(422);
    expect(sick.body.message).toBe(LeaveMessages.attachmentRequired('病假', 1));
    // 2033-03-05 and 06 are a Saturday and a Sunday.
    const weekend = await askLeave('zhangsan', { type: '事假', start: '2033-03-05', end: '2033-03-06' });
    expect(weekend.body.message).toBe(LeaveMessages.noWorkingDay);
    const reversed = await askLeave('zhangsan', { type: '事假', start: '2033-03-08', end: '2033-03-07' });
    expect(reversed.body.message).toBe(WorkCalendarMessages.spanReversed);
    const garbage = await call('zhangsan', 'POST', '/api/holiday/leave', { leave_type_id: 'x', start_day: '2033-02-30', reason: '' });
    expect(garbage.status).toBe(200);
    expect(garbage.body.status_code).toBe(422);
    // Ids beyond the database's integer columns are refused as missing, not answered with a 500.
    const huge = await call('zhangsan', 'POST', '/api/holiday/leave', {
      leave_type_id: 99_999_999_999,
      start_day: '2033-03-07',
      start_half: 'am',
      end_day: '2033-03-07',
      end_half: 'pm',
      reason: '超大编号',
    });
    expect(huge.body.message).toBe(LeaveMessages.typeMissing);
    const hugeFilter = await call('admin', 'GET', '/api/holiday/details?scope=all&leave_type_id=99999999999&dept_id=99999999999');
    expect(hugeFilter.status).toBe(200);
    expect(hugeFilter.body.status_code).toBe(422);
    expect(await server.db.selectFrom('leave_requests').select('id').where('year', '=', 2033).execute()).toEqual([]);
  });

  it('refuses leave sharing a half day with leave already asked for, and allows the other half of that day', async () => {
    // 2041-03-04 is a Monday.
    const first = await startedLeave('zhangsan', { type: '事假', start: '2041-03-04', end: '2041-03-05', endHalf: 'am' });
    const clash = await askLeave('zhangsan', { type: '调休', start: '2041-03-05', end: '2041-03-05' });
    expect(clash.body.message).toBe(LeaveMessages.overlaps('2041-03-04', '2041-03-05'));
    const afternoon = await askLeave('zhangsan', { type: '调休', start: '2041-03-05', end: '2041-03-05', startHalf: 'pm' });
    expect(afternoon.body.status_code, afternoon.body.message).toBe(0);
    // Once the first is withdrawn its days are free again.
    await call('zhangsan', 'PATCH', `/api/bills/${first.bill_id}/returned`, {});
    const again = await askLeave('zhangsan', { type: '调休', start: '2041-03-04', end: '2041-03-04' });
    expect(again.body.status_code, again.body.message).toBe(0);
  });

  it('does not touch the balance for a type that does not count (事假), yet records it', async () => {
    const started = await startedLeave('xumin', { type: '事假', start: '2034-03-06', end: '2034-03-06', startHalf: 'pm' });
    expect(started.leave).toMatchObject({ days: 0.5, status: 'applying' });
    expect(await statsOf('xumin', 2034)).toBeUndefined();
    await decide(started.bill_id, 'agree');
    expect(await statusOf(started.leave.id)).toBe('approved');
    expect(await statsOf('xumin', 2034)).toBeUndefined();
  });

  it('gives the days back on rejection, takes them again on resubmission, and back on withdrawal and abandonment', async () => {
    const year = 2035;
    await giveDays('zhangsan', year, 3);
    // 2035-03-05 is a Monday.
    const started = await startedLeave('zhangsan', { start: '2035-03-05', end: '2035-03-06' });
    expect(await statsOf('zhangsan', year)).toEqual({ total: 3, used: 0, applying: 2 });
    await decide(started.bill_id, 'reject');
    expect(await statusOf(started.leave.id)).toBe('rejected');
    expect(await statsOf('zhangsan', year)).toEqual({ total: 3, used: 0, applying: 0 });

    const resubmitted = await call<BillDetail>('zhangsan', 'POST', `/api/bills/${started.bill_id}/release`, {});
    expect(resubmitted.body.status_code, resubmitted.body.message).toBe(0);
    expect(await statusOf(started.leave.id)).toBe('applying');
    expect(await statsOf('zhangsan', year)).toEqual({ total: 3, used: 0, applying: 2 });

    const withdrawn = await call('zhangsan', 'PATCH', `/api/bills/${started.bill_id}/returned`, {});
    expect(withdrawn.body.status_code, withdrawn.body.message).toBe(0);
    expect(await statusOf(started.leave.id)).toBe('withdrawn');
    expect(await statsOf('zhangsan', year)).toEqual({ total: 3, used: 0, applying: 0 });

    const abandoned = await call('zhangsan', 'PATCH', `/api/bills/${started.bill_id}/abandon`, {});
    expect(abandoned.body.status_code, abandoned.body.message).toBe(0);
    expect(await statusOf(started.leave.id)).toBe('abandoned');
    expect(await statsOf('zhangsan', year)).toEqual({ total: 3, used: 0, applying: 0 });
  });

  it('measures a returned bill edited by hand again on resubmission: wrong days are refused, changed dates move the balance', async () => {
    const year = 2036;
    await giveDays('zhangsan', year, 4);
    // 2036-03-03 is a Monday.
    const started = await startedLeave('zhangsan', { start: '2036-03-03', end: '2036-03-03' });
    await call('zhangsan', 'PATCH', `/api/bills/${started.bill_id}/returned`, {});
    const form = (await call<BillDetail>('zhangsan', 'GET', `/api/bills/${started.bill_id}`)).body.data.form;

    const wrong = await call('zhangsan', 'POST', `/api/bills/${started.bill_id}/release`, {
      form: { ...form, period: ['2036-03-03', '2036-03-05'], days: 1 },
    });
    expect(wrong.body.status_code).toBe(422);
    expect(wrong.body.message).toBe(LeaveMessages.daysMismatch(3));
    expect(await statsOf('zhangsan', year)).toEqual({ total: 4, used: 0, applying: 0 });
    expect(await statusOf(started.leave.id)).toBe('withdrawn');

    const right = await call('zhangsan', 'POST', `/api/bills/${started.bill_id}/release`, {
      form: { ...form, period: ['2036-03-03', '2036-03-05'], days: 3 },
    });
    expect(right.body.status_code, right.body.message).toBe(0);
    expect(await statsOf('zhangsan', year)).toEqual({ total: 4, used: 0, applying: 3 });
    const record = await server.db.selectFrom('leave_requests').selectAll().where('id', '=', started.leave.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ end_day: '2036-03-05', status: 'applying' });
    expect(Number(record.days)).toBe(3);
  });

  it('refuses the 请假 template on the generic bill form and its copy, so every leave bill moves a balance', async () => {
    const template = await server.db.selectFrom('templates').select('id').where('subject_kind', '=', 'leave').executeTakeFirstOrThrow();
    const billsBefore = (await billsOf('zhangsan')).length;
    const direct = await call('zhangsan', 'POST', '/api/bills', {
      template_id: template.id,
      form: { leave_type: '年假', period: ['2037-03-02', '2037-03-02'], start_half: '上午', end_half: '下午', days: 1, reason: '绕过' },
    });
    expect(direct.body.status_code).toBe(422);
    expect(direct.body.message).toBe(ApprovalMessages.templateBound);
    const year = 2037;
    await giveDays('zhangsan', year, 2);
    const started = await startedLeave('zhangsan', { start: '2037-03-02', end: '2037-03-02' });
    const copy = await call('zhangsan', 'PATCH', `/api/bills/${started.bill_id}/replication`, {});
    expect(copy.body.status_code).toBe(422);
    expect(copy.body.message).toBe(ApprovalMessages.templateBound);
    expect((await billsOf('zhangsan')).length).toBe(billsBefore + 1);
  });

  it('of two requests released at once for the last 3 days, exactly one is accepted', async () => {
    const year = 2038;
    await giveDays('yangfan', year, 3.5);
    await startedLeave('yangfan', { start: '2038-03-01', end: '2038-03-01', endHalf: 'am' });
    // 3 days left: 2038-03-08 (Monday) to 10, and 2038-03-15 to 17.
    const answers = await Promise.all([
      askLeave('yangfan', { start: '2038-03-08', end: '2038-03-10' }),
      askLeave('yangfan', { start: '2038-03-15', end: '2038-03-17' }),
    ]);
    const codes = answers.map((a) => a.body.status_code).sort();
    expect(codes).toEqual([0, 422]);
    const refused = answers.find((a) => a.body.status_code === 422);
    expect(refused?.body.message).toBe(LeaveMessages.overBalance('年假', 3, 0, 3.5, 0, 3.5));
    expect(await statsOf('yangfan', year)).toEqual({ total: 3.5, used: 0, applying: 3.5 });
    const live = (await requestsOf('yangfan')).filter((r) => r.year === year);
    expect(live.map((r) => r.status).sort()).toEqual(['applying', 'applying']);
  });
});

describe('GET /api/holiday/details and /away', () => {
  it('shows a person their own, a leader their departments, HR everyone; others get 403', async () => {
    const started = await startedLeave('zhangsan', { type: '事假', start: '2039-03-01', end: '2039-03-01' });
    const mine = await call<Paged<LeaveRecord>>('zhangsan', 'GET', '/api/holiday/details?year=2039');
    expect(mine.body.data.list.map((r) => r.id)).toEqual([started.leave.id]);
    expect((await call<Paged<LeaveRecord>>('hanbing', 'GET', '/api/holiday/details?year=2039')).body.data.list).toEqual([]);

    expect((await call<LeaveScopes>('zhangsan', 'GET', '/api/holiday/details/scopes')).body.data.scopes).toEqual(['mine']);
    expect((await call<LeaveScopes>('lisi', 'GET', '/api/holiday/details/scopes')).body.data.scopes).toEqual(['mine', 'team']);
    const team = await call<Paged<LeaveRecord>>('lisi', 'GET', '/api/holiday/details?scope=team&year=2039');
    expect(team.body.data.list.map((r) => r.id)).toContain(started.leave.id);
    const all = await call<Paged<LeaveRecord>>('admin', 'GET', '/api/holiday/details?scope=all&year=2039&keyword=张三');
    expect(all.body.data.list.map((r) => r.id)).toEqual([started.leave.id]);

    expect((await call('zhangsan', 'GET', '/api/holiday/details?scope=all')).status).toBe(403);
    expect((await call('zhangsan', 'GET', '/api/holiday/details?scope=team')).status).toBe(403);
    // 王五 leads 财务部, not 技术部.
    const tech = await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow();
    expect((await call('wangwu', 'GET', `/api/holiday/details?scope=team&dept_id=${tech.id}`)).status).toBe(403);
    expect((await call('zhangsan', 'GET', '/api/holiday/details?scope=nobody')).body.status_code).toBe(422);
  });

  it('lists who is away in a span; colleagues see that someone is away, not why', async () => {
    const started = await startedLeave('zhangsan', { type: '病假', start: '2040-03-05', end: '2040-03-05' });
    const colleague = await call<LeaveAway[]>('hanbing', 'GET', '/api/holiday/away?from=2040-03-01&to=2040-03-31');
    const seen = colleague.body.data.find((a) => a.id === started.leave.id);
    expect(seen).toMatchObject({ user_name: '张三', leave_type: null, days: 1 });
    const leader = await call<LeaveAway[]>('lisi', 'GET', '/api/holiday/away?from=2040-03-01&to=2040-03-31');
    expect(leader.body.data.find((a) => a.id === started.leave.id)?.leave_type).toBe('病假');
    const outsider = await call<LeaveAway[]>('wangwu', 'GET', '/api/holiday/away?from=2040-03-01&to=2040-03-31');
    expect(outsider.body.data.find((a) => a.id === started.leave.id)).toBeUndefined();
    const tooLong = await call('hanbing', 'GET', '/api/holiday/away?from=2040-01-01&to=2040-06-30');
    expect(tooLong.body.message).toBe(LeaveMessages.rangeTooLong);
  });
});

describe("HR's leave types", () => {
  it('adds a type staff then choose, refuses a taken or changed name and bad rules, and is for holiday_admin only', async () => {
    const name = `哺乳假${Date.now() % 100000}`;
    expect((await call('zhangsan', 'GET', '/api/holiday/leave-types/all')).status).toBe(403);
    expect((await call('zhangsan', 'POST', '/api/holiday/leave-types', { name, counts_balance: false, half_day: true })).status).toBe(403);

    const created = await call<LeaveTypeAdmin>('admin', 'POST', '/api/holiday/leave-types', {
      name,
      counts_balance: false,
      half_day: true,
      attachment_over_days: null,
    });
    expect(created.body.status_code, created.body.message).toBe(0);
    expect(created.body.data).toMatchObject({ name, enabled: true, request_count: 0 });
    const staffTypes = (await call<LeaveType[]>('zhangsan', 'GET', '/api/holiday/leave-types')).body.data;
    expect(staffTypes.map((t) => t.name)).toContain(name);

    const taken = await call('admin', 'POST', '/api/holiday/leave-types', { name, counts_balance: false, half_day: true });
    expect(taken.body.message).toBe(LeaveTypeMessages.nameTaken(name));
    const typesBefore = (await call<LeaveTypeAdmin[]>('admin', 'GET', '/api/holiday/leave-types/all')).body.data;
    const renamed = await call('admin', 'PUT', `/api/holiday/leave-types/${created.body.data.id}`, {
      name: '改名',
      counts_balance: false,
      half_day: true,
    });
    expect(renamed.body.message).toBe(LeaveTypeMessages.nameFixed);
    const badDays = await call('admin', 'PUT', `/api/holiday/leave-types/${created.body.data.id}`, {
      counts_balance: false,
      half_day: true,
      attachment_over_days: 0.3,
    });
    expect(badDays.body.message).toBe(LeaveTypeMessages.attachmentInvalid);
    expect(
      (await call('admin', 'PUT', '/api/holiday/leave-types/999999', { counts_balance: false, half_day: true })).body.status_code,
    ).toBe(404);
    expect((await call<LeaveTypeAdmin[]>('admin', 'GET', '/api/holiday/leave-types/all')).body.data).toEqual(typesBefore);
  });

  it("keeps a request's balance as counted when the rule changes meanwhile, and hides a switched-off type", async () => {
    const name = `探亲假${Date.now() % 100000}`;
    const created = await call<LeaveTypeAdmin>('admin', 'POST', '/api/holiday/leave-types', {
      name,
      counts_balance: false,
      half_day: true,
    });
    const id = created.body.data.id;
    types = [];
    const year = 2042;
    await giveDays('liuyang', year, 2);
    // 2042-03-03 is a Monday.
    const started = await startedLeave('liuyang', { type: name, start: '2042-03-03', end: '2042-03-03' });
    expect(await statsOf('liuyang', year)).toEqual({ total: 2, used: 0, applying: 0 });
    // HR makes the type count: the request in flight was not counted, and its approval moves nothing.
    const counting = await call('admin', 'PUT', `/api/holiday/leave-types/${id}`, { counts_balance: true, half_day: true });
    expect(counting.body.status_code, counting.body.message).toBe(0);
    await decide(started.bill_id, 'agree');
    expect(await statsOf('liuyang', year)).toEqual({ total: 2, used: 0, applying: 0 });
    // A new request of it counts now.
    const counted = await startedLeave('liuyang', { type: name, start: '2042-03-04', end: '2042-03-04' });
    expect(counted.leave.days).toBe(1);
    expect(await statsOf('liuyang', year)).toEqual({ total: 2, used: 0, applying: 1 });

    const off = await call('admin', 'PUT', `/api/holiday/leave-types/${id}`, { counts_balance: true, half_day: true, enabled: false });
    expect(off.body.status_code, off.body.message).toBe(0);
    expect((await call<LeaveType[]>('liuyang', 'GET', '/api/holiday/leave-types')).body.data.map((t) => t.name)).not.toContain(name);
    const refused = await call('liuyang', 'POST', '/api/holiday/leave', {
      leave_type_id: id,
      start_day: '2042-03-06',
      start_half: 'am',
      end_day: '2042-03-06',
      end_half: 'pm',
      reason: '停用后',
    });
    expect(refused.body.message).toBe(LeaveMessages.typeMissing);
    const listed = (await call<LeaveTypeAdmin[]>('admin', 'GET', '/api/holiday/leave-types/all')).body.data.find((t) => t.id === id);
    expect(listed).toMatchObject({ enabled: false, request_count: 2 });
  });
});

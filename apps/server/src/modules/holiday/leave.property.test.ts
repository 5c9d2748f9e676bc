import fc from 'fast-check';
import { addDays, type BillDetail, type LeaveStartResult, type LeaveType } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * The balance against the bills (issue 17): for random sequences of leave requests and of what happens to their bills
 * (approved, rejected, withdrawn, resubmitted, abandoned), applying always equals the days of the counted requests in
 * approval, used the days of the approved ones, and nothing goes below zero or past the total. Each run has a year of
 * its own, so the runs share one server.
 */

let server: TestServer;
let tokens: Tokens;
let types: LeaveType[] = [];

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  types = (await server.call<LeaveType[]>('GET', '/api/holiday/leave-types', { token: await tokens.get('zhangsan') })).body.data;
});
afterAll(async () => server.close());

const call = async <T>(user: string, method: string, url: string, body: unknown = {}) =>
  server.call<T>(method, url, { token: await tokens.get(user), body });

type Step =
  | { kind: 'ask'; annual: boolean; week: number; length: number; afternoon: boolean }
  | { kind: 'agree' | 'reject' | 'withdraw' | 'resubmit' | 'abandon'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('ask' as const),
    annual: fc.boolean(),
    week: fc.integer({ min: 0, max: 7 }),
    length: fc.integer({ min: 0, max: 3 }),
    afternoon: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('agree' as const, 'reject' as const, 'withdraw' as const, 'resubmit' as const, 'abandon' as const),
    pick: fc.nat(),
  }),
);

let nextYear = 2060;
/** What the runs did, so that the property is known to have moved bills in every way. */
const tally = new Map<string, number>();

async function billStatus(billId: number): Promise<string> {
  return (await server.db.selectFrom('bills').select('status').where('id', '=', billId).executeTakeFirstOrThrow()).status;
}

async function pendingTask(billId: number) {
  return server.db
    .selectFrom('bill_tasks as t')
    .innerJoin('users as u', 'u.id', 't.acting_handler')
    .select(['t.id', 'u.username'])
    .where('t.bill_id', '=', billId)
    .where('t.status', '=', 'pending')
    .executeTakeFirst();
}

async function act(kind: string, send: () => Promise<{ body: { status_code: number } }>): Promise<void> {
  const answer = await send();
  const key = answer.body.status_code === 0 ? kind : `${kind} refused`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

async function run(steps: Step[], total: number): Promise<void> {
  const year = nextYear++;
  const user = 'fengxiao';
  const userId = (await server.db.selectFrom('users').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id;
  const given = await call('admin', 'PATCH', `/api/holiday/stats/${userId}/change`, { year, delta: total, reason: '性质测试' });
  expect(given.body.status_code, given.body.message).toBe(0);
  // The first Monday of March of the year, then a week per request slot: requests may overlap and be refused.
  let monday = `${year}-03-01`;
  while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  const bills: number[] = [];

  for (const s of steps) {
    if (s.kind === 'ask') {
      const type = types.find((t) => t.name === (s.annual ? '年假' : '事假'));
      const start = addDays(monday, s.week * 7);
      const asked = await call<LeaveStartResult>(user, 'POST', '/api/holiday/leave', {
        leave_type_id: type?.id,
        start_day: start,
        start_half: s.afternoon ? 'pm' : 'am',
        end_day: addDays(start, s.length),
        end_half: 'pm',
        reason: '性质测试',
      });
      tally.set(
        asked.body.status_code === 0 ? 'asked' : 'refused',
        (tally.get(asked.body.status_code === 0 ? 'asked' : 'refused') ?? 0) + 1,
      );
      const made = await server.db
        .selectFrom('leave_requests')
        .select('bill_id')
        .where('user_id', '=', userId)
        .where('year', '=', year)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (made?.bill_id && !bills.includes(made.bill_id)) bills.push(made.bill_id);
    } else if (bills.length > 0) {
      const billId = bills[s.pick % bills.length] ?? 0;
      const status = await billStatus(billId);
      if ((s.kind === 'agree' || s.kind === 'reject') && status === 'doing') {
        const task = await pendingTask(billId);
        if (task)
          await act(s.kind, () =>
            call<BillDetail>(task.username, 'POST', `/api/bills/flownode/${task.id}/${s.kind}`, { comment: '性质测试' }),
          );
      } else if (s.kind === 'withdraw' && status === 'doing') {
        await act('withdraw', () => call(user, 'PATCH', `/api/bills/${billId}/returned`));
      } else if (s.kind === 'resubmit' && (status === 'rejected' || status === 'returned')) {
        await act('resubmit', () => call(user, 'POST', `/api/bills/${billId}/release`));
      } else if (s.kind === 'abandon' && (status === 'rejected' || status === 'returned')) {
        await act('abandon', () => call(user, 'PATCH', `/api/bills/${billId}/abandon`));
      }
    }

    const stats = await server.db
      .selectFrom('holiday_stats')
      .select(['total_day', 'used_day', 'applying_day'])
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .executeTakeFirstOrThrow();
    const requests = await server.db
      .selectFrom('leave_requests as r')
      .leftJoin('bills as b', 'b.id', 'r.bill_id')
      .select(['r.status', 'r.days', 'r.counts_balance', 'b.status as bill_status'])
      .where('r.user_id', '=', userId)
      .where('r.year', '=', year)
      .execute();
    const daysIn = (status: string) =>
      requests.filter((r) => r.counts_balance === 1 && r.status === status).reduce((sum, r) => sum + Number(r.days), 0);
    // Each request says what its bill says.
    const expected: Record<string, string> = {
      doing: 'applying',
      done: 'approved',
      rejected: 'rejected',
      returned: 'withdrawn',
      abandoned: 'abandoned',
    };
    for (const r of requests) expect(r.status).toBe(expected[r.bill_status ?? ''] ?? 'missing');
    expect(Number(stats.applying_day)).toBe(daysIn('applying'));
    expect(Number(stats.used_day)).toBe(daysIn('approved'));
    expect(Number(stats.applying_day)).toBeGreaterThanOrEqual(0);
    expect(Number(stats.used_day) + Number(stats.applying_day)).toBeLessThanOrEqual(Number(stats.total_day));
  }
}

describe('leave balance against the bills', () => {
  it('keeps used and applying equal to the days of the bills in each state, never negative, never over the total', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), fc.integer({ min: 1, max: 8 }), (steps, total) =>
        run(steps, total),
      ),
      {
        numRuns: 20,
        // Always run once through every way a bill moves (the random runs may miss one), so the tally below holds.
        examples: [
          [
            [
              { kind: 'ask', annual: true, week: 0, length: 1, afternoon: false },
              { kind: 'ask', annual: true, week: 1, length: 3, afternoon: false },
              { kind: 'reject', pick: 0 },
              { kind: 'resubmit', pick: 0 },
              { kind: 'withdraw', pick: 0 },
              { kind: 'abandon', pick: 0 },
              { kind: 'ask', annual: true, week: 2, length: 0, afternoon: false },
              { kind: 'agree', pick: 1 },
            ],
            3,
          ],
        ],
      },
    );
    for (const kind of ['asked', 'refused', 'agree', 'reject', 'withdraw', 'resubmit', 'abandon'])
      expect(tally.get(kind), kind).toBeGreaterThan(0);
  }, 120_000);
});

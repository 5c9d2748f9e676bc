import { StatusCode, type BillDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import type { AppContext, Caller } from '../../context';
import { ConflictError } from '../../http/errors';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { upsertSetting } from '../settings/settings.service';
import { billIdsOf, onApprovalOutcome, startApproval, type ApprovalOutcomeEvent } from './bills.approvals';
import { idOf, linearGraph, makeTemplate, pendingTask, snapshotOf, Tokens } from './test-support';

/**
 * Approval as a service (issue 12): another module starts a bill for one of its objects and hears the
 * outcome inside the deciding transaction. The "module" here is the test: kind `test-leave` records what
 * it hears and writes a row in that transaction; kind `test-refuse` refuses every approval.
 */
let server: TestServer;
let tokens: Tokens;
let ctx: AppContext;
let templateId: number;
let lisiId: number;
const heard: ApprovalOutcomeEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  ctx = { db: server.db, engine: TEST_ENGINE, config: server.config, log: server.app.log, access: new AccessCache(false) };
  lisiId = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisiId] }]]));
  onApprovalOutcome('test-leave', async (trx, event) => {
    heard.push(event);
    // Written in the deciding transaction: it commits with the bill's change or not at all.
    await upsertSetting(trx, `test-leave-${event.subjectId}`, event.outcome);
  });
  onApprovalOutcome('test-refuse', async (_trx, event) => {
    if (event.outcome === 'approved') throw new ConflictError('额度不足，不能批准');
  });
});
afterAll(async () => server.close());

async function callerOf(username: string): Promise<Caller> {
  return authenticate(ctx, `Bearer ${await tokens.get(username)}`);
}

async function operate(username: string, billId: number, oper: 'agree' | 'reject', comment = '意见') {
  const task = await pendingTask(server, billId, await idOf(server, username));
  return server.call<BillDetail>('POST', `/api/bills/flownode/${task}/${oper}`, { token: await tokens.get(username), body: { comment } });
}

async function settingOf(key: string): Promise<unknown> {
  const row = await server.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row === undefined ? undefined : JSON.parse(row.value);
}

describe('startApproval and onApprovalOutcome', () => {
  it('starts a bill for the subject with every rule of 发起审批, and tells the outcome in the deciding transaction', async () => {
    const zhangsan = await callerOf('zhangsan');
    const bill = await startApproval(ctx, zhangsan, { templateId, subject: { kind: 'test-leave', id: 101 }, form: { reason: '年假三天' } });
    expect(bill).toMatchObject({ status: 'doing', initiator: { id: zhangsan.userId } });
    expect(await billIdsOf(ctx, { kind: 'test-leave', id: 101 })).toEqual([bill.id]);
    // Released into approval: the module hears it in the release's transaction (a leave reserves its days there).
    expect(heard.filter((e) => e.subjectId === 101).map((e) => e.outcome)).toEqual(['released']);

    expect((await operate('lisi', bill.id, 'agree')).body.status_code).toBe(0);
    const told = heard.filter((e) => e.subjectId === 101);
    expect(told.map(({ at: _at, ...event }) => event)).toEqual([
      { billId: bill.id, kind: 'test-leave', subjectId: 101, outcome: 'released' },
      { billId: bill.id, kind: 'test-leave', subjectId: 101, outcome: 'approved' },
    ]);
    expect(told[1]?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await settingOf('test-leave-101')).toBe('approved');
  });

  it('tells rejections, withdrawals and resubmissions too', async () => {
    const zhangsan = await callerOf('zhangsan');
    const rejected = await startApproval(ctx, zhangsan, { templateId, subject: { kind: 'test-leave', id: 102 }, form: { reason: '调休' } });
    expect((await operate('lisi', rejected.id, 'reject', '时间冲突')).body.status_code).toBe(0);
    expect(await settingOf('test-leave-102')).toBe('rejected');

    const withdrawn = await startApproval(ctx, zhangsan, {
      templateId,
      subject: { kind: 'test-leave', id: 103 },
      form: { reason: '事假' },
    });
    const token = await tokens.get('zhangsan');
    expect((await server.call('PATCH', `/api/bills/${withdrawn.id}/returned`, { token, body: {} })).body.status_code).toBe(0);
    expect(await settingOf('test-leave-103')).toBe('withdrawn');
    expect((await server.call('POST', `/api/bills/${withdrawn.id}/release`, { token, body: {} })).body.status_code).toBe(0);
    expect(await settingOf('test-leave-103')).toBe('resubmitted');
    expect(heard.filter((e) => e.subjectId === 103).map((e) => e.outcome)).toEqual(['released', 'withdrawn', 'resubmitted']);
  });

  it("undoes the decision when the subject's module refuses it, with its message", async () => {
    const bill = await startApproval(ctx, await callerOf('zhangsan'), {
      templateId,
      subject: { kind: 'test-refuse', id: 201 },
      form: { reason: '超额' },
    });
    const before = await snapshotOf(server, bill.id);
    const refused = await operate('lisi', bill.id, 'agree');
    expect(refused.body).toMatchObject({ status_code: StatusCode.conflict, message: '额度不足，不能批准' });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('leaves no bill behind when the start is refused, and answers the refusal', async () => {
    const zhangsan = await callerOf('zhangsan');
    const count = async () =>
      (await server.db.selectFrom('bills').select('id').where('initiator_id', '=', zhangsan.userId).execute()).length;
    const before = await count();
    // The template's form requires 事由.
    await expect(startApproval(ctx, zhangsan, { templateId, subject: { kind: 'test-leave', id: 301 }, form: {} })).rejects.toMatchObject({
      code: StatusCode.invalid,
    });
    expect(await count()).toBe(before);
    expect(await billIdsOf(ctx, { kind: 'test-leave', id: 301 })).toEqual([]);
    expect(heard.some((e) => e.subjectId === 301)).toBe(false);
  });

  it('refuses a kind nobody listens for, before writing anything', async () => {
    const zhangsan = await callerOf('zhangsan');
    await expect(startApproval(ctx, zhangsan, { templateId, subject: { kind: 'nobody', id: 1 }, form: { reason: 'x' } })).rejects.toThrow(
      /nothing listens for "nobody"/,
    );
    expect(await billIdsOf(ctx, { kind: 'nobody', id: 1 })).toEqual([]);
  });
});

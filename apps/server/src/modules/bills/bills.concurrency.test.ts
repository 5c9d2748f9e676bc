import { ApprovalMessages, EngineMessages, type BillDetail } from '@osp/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import { DEMO_USERS } from '../../seed/demo-company';
import { idOf, idsOf, linearGraph, makeTemplate, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * DESIGN §6 proofs over real HTTP, on SQLite and PostgreSQL: concurrent operations on one bill decide
 * exactly once, never refuse a 会签 sibling, and a failure mid-operation leaves the bill as it was.
 */

let server: TestServer;
let tokens: Tokens;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  admin = await tokens.get('admin');
});
afterAll(async () => server.close());

type OpResult = { status_code: number; message: string };

async function agreeAll(calls: { token: string; taskId: string }[]): Promise<OpResult[]> {
  const results = await Promise.all(
    calls.map((c) => server.call('POST', `/api/bills/flownode/${c.taskId}/agree`, { token: c.token, body: { comment: '同意' } })),
  );
  return results.map((r) => r.body);
}

describe('concurrent operations on one bill', () => {
  it('an or-sign step with 20 handlers agreeing at once: exactly one decision, 19 × 409', async () => {
    const handlers = DEMO_USERS.map((u) => u.username)
      .filter((u) => u !== 'zhangsan')
      .slice(0, 20);
    const ids = await idsOf(server, handlers);
    const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: ids }]]));
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const calls = await Promise.all(
      handlers.map(async (u, i) => ({ token: await tokens.get(u), taskId: await pendingTask(server, bill.id, ids[i] ?? 0) })),
    );

    const results = await agreeAll(calls);
    expect(results.filter((r) => r.status_code === 0)).toHaveLength(1);
    const refused = results.filter((r) => r.status_code !== 0);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r).toMatchObject({ status_code: 409, message: EngineMessages.taskHandled });

    const after = await snapshotOf(server, bill.id);
    expect(after.bill?.status).toBe('done');
    expect(after.tasks.filter((t) => t.status === 'agreed')).toHaveLength(1);
    expect(after.tasks.filter((t) => t.status === 'skipped')).toHaveLength(19);
    expect(after.events.filter((e) => e.action === 'agree')).toHaveLength(1);
    // release + agree: two successful writes.
    expect(after.bill?.version).toBe(2);
  });

  it("one handler's agree sent 20 times at once: one agree", async () => {
    const lisi = await idOf(server, 'lisi');
    const wangwu = await idOf(server, 'wangwu');
    // lisi is also the handler of the next step: a repeated request must not agree that one too.
    const templateId = await makeTemplate(
      server,
      admin,
      linearGraph([[{ type: 'orsign', userIds: [lisi, wangwu] }], [{ type: 'orsign', userIds: [lisi] }]]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const taskId = await pendingTask(server, bill.id, lisi);
    const token = await tokens.get('lisi');
    const results = await agreeAll(Array.from({ length: 20 }, () => ({ token, taskId })));
    expect(results.filter((r) => r.status_code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status_code === 409)).toHaveLength(19);

    const after = await snapshotOf(server, bill.id);
    expect(after.bill?.status).toBe('doing');
    expect(after.events.filter((e) => e.action === 'agree')).toHaveLength(1);
    expect(after.tasks.filter((t) => t.acting_handler === lisi && t.status === 'pending')).toHaveLength(1);
  });

  it('a 3-handler joinsign agreed at once: all three succeed and the step completes once', async () => {
    const ids = await idsOf(server, ['lisi', 'wangwu', 'chenqi']);
    const templateId = await makeTemplate(
      server,
      admin,
      linearGraph([[{ type: 'joinsign', userIds: ids }], [{ type: 'orsign', userIds: [await idOf(server, 'sunba')] }]]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const calls = await Promise.all(
      ['lisi', 'wangwu', 'chenqi'].map(async (u, i) => ({
        token: await tokens.get(u),
        taskId: await pendingTask(server, bill.id, ids[i] ?? 0),
      })),
    );
    const results = await agreeAll(calls);
    expect(results.map((r) => r.status_code)).toEqual([0, 0, 0]);

    const after = await snapshotOf(server, bill.id);
    const joinStep = after.steps.filter((s) => s.step_id === 'n1s1');
    expect(joinStep).toHaveLength(1);
    expect(joinStep[0]?.status).toBe('done');
    // The next node was entered exactly once, with one task for sunba.
    expect(after.activations.filter((a) => a.node_id === 'n2')).toHaveLength(1);
    expect(after.tasks.filter((t) => t.status === 'pending')).toHaveLength(1);
    expect(after.bill?.current_node_name).toBe('审批2');
    expect(after.bill?.version).toBe(4);
  });

  it('withdraw racing an agree: one wins, the other gets 409', async () => {
    const lisi = await idOf(server, 'lisi');
    for (let round = 0; round < 3; round++) {
      const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
      const zhangsan = await tokens.get('zhangsan');
      const bill = await releasedBill(server, zhangsan, templateId);
      const taskId = await pendingTask(server, bill.id, lisi);
      const [agree, withdraw] = await Promise.all([
        server.call('POST', `/api/bills/flownode/${taskId}/agree`, { token: await tokens.get('lisi'), body: {} }),
        server.call('PATCH', `/api/bills/${bill.id}/returned`, { token: zhangsan, body: { version: bill.version } }),
      ]);
      const codes = [agree.body.status_code, withdraw.body.status_code].sort();
      expect(codes).toEqual([0, 409]);
      const after = await snapshotOf(server, bill.id);
      expect(after.bill?.status).toBe(agree.body.status_code === 0 ? 'done' : 'returned');
      expect(after.events.map((e) => e.action)).toEqual(['release', agree.body.status_code === 0 ? 'agree' : 'withdraw']);
    }
  });

  it('an error thrown mid-operation leaves the bill exactly as before', async () => {
    const ids = await idsOf(server, ['lisi', 'wangwu']);
    const templateId = await makeTemplate(
      server,
      admin,
      linearGraph([[{ type: 'joinsign', userIds: ids }], [{ type: 'orsign', userIds: [ids[1] ?? 0] }]]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, ids[0] ?? 0)}/agree`, {
      token: await tokens.get('lisi'),
      body: {},
    });
    const before = await snapshotOf(server, bill.id);

    // The history row is the last thing an operation writes: failing it proves the earlier writes roll back.
    if (TEST_ENGINE === 'sqlite') {
      await sql`create trigger fail_events before insert on bill_events begin select raise(abort, 'injected failure'); end`.execute(
        server.db,
      );
    } else {
      await sql`create function fail_events() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
        server.db,
      );
      await sql`create trigger fail_events before insert on bill_events for each row execute function fail_events()`.execute(server.db);
    }
    const failed = await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, ids[1] ?? 0)}/agree`, {
      token: await tokens.get('wangwu'),
      body: { comment: '同意' },
    });
    expect(failed.status).toBe(500);
    expect(await snapshotOf(server, bill.id)).toEqual(before);

    if (TEST_ENGINE === 'sqlite') await sql`drop trigger fail_events`.execute(server.db);
    else {
      await sql`drop trigger fail_events on bill_events`.execute(server.db);
      await sql`drop function fail_events()`.execute(server.db);
    }
    const retried = await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, ids[1] ?? 0)}/agree`, {
      token: await tokens.get('wangwu'),
      body: {},
    });
    expect(retried.body.status_code).toBe(0);
  });

  it('a stale client version on withdraw is refused with 409 and changes nothing', async () => {
    const lisi = await idOf(server, 'lisi');
    const templateId = await makeTemplate(
      server,
      admin,
      linearGraph([[{ type: 'orsign', userIds: [lisi] }], [{ type: 'orsign', userIds: [lisi] }]]),
    );
    const zhangsan = await tokens.get('zhangsan');
    const bill: BillDetail = await releasedBill(server, zhangsan, templateId);
    await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, lisi)}/agree`, {
      token: await tokens.get('lisi'),
      body: {},
    });
    const before = await snapshotOf(server, bill.id);
    const stale = await server.call('PATCH', `/api/bills/${bill.id}/returned`, { token: zhangsan, body: { version: bill.version } });
    expect(stale.body).toMatchObject({ status_code: 409, message: EngineMessages.staleVersion });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
    expect(ApprovalMessages.billConflict).toContain('已被他人处理');
  });
});

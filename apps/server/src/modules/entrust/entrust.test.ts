import { ApprovalMessages, type BillEntrust, type BillListRow, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from '../bills/test-support';

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

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const entrusts = async () =>
  Number(
    (
      await server.db
        .selectFrom('bill_entrusts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bill entrusts', () => {
  it('hand new tasks to the delegate, shown as 代 X 审批; one hop, so a loop cannot hide a task', async () => {
    const [lisi, hanbing] = [await idOf(server, 'lisi'), await idOf(server, 'hanbing')];
    const created = await call<BillEntrust>('lisi', 'POST', '/api/users/billEntrust', {
      delegate_id: hanbing,
      start_at: hours(-1),
      end_at: hours(48),
      reason: '出差',
    });
    expect(created.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.entrustSaved,
      data: { user_name: '李四', delegate_name: '韩冰', template_ids: [] },
    });
    // The reverse entrust makes a loop; resolution still ends after one hop.
    const reverse = await call('hanbing', 'POST', '/api/users/billEntrust', { delegate_id: lisi, start_at: hours(-1), end_at: hours(24) });
    expect(reverse.body.status_code).toBe(0);

    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'orsign', userIds: [lisi] }], [{ type: 'orsign', userIds: [hanbing] }]]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const first = await server.db.selectFrom('bill_tasks').selectAll().where('bill_id', '=', bill.id).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ original_handler: lisi, acting_handler: hanbing, on_behalf_of: lisi, via: 'entrust' });
    const todo = await call<Paged<BillListRow>>('hanbing', 'GET', '/api/bills?box=todo&per_page=100');
    expect(todo.body.data.list.find((b) => b.id === bill.id)?.on_behalf_of).toBe('代李四审批');
    expect(
      (await call<Paged<BillListRow>>('lisi', 'GET', '/api/bills?box=todo&per_page=100')).body.data.list.some((b) => b.id === bill.id),
    ).toBe(false);
    // lisi is still a handler of the bill (the task was his): he may read it.
    expect((await call('lisi', 'GET', `/api/bills/${bill.id}`)).status).toBe(200);

    // hanbing's own step goes to lisi through the reverse entrust, and stops there.
    await call('hanbing', 'POST', `/api/bills/flownode/${first.id}/agree`, {});
    const second = await server.db
      .selectFrom('bill_tasks')
      .selectAll()
      .where('bill_id', '=', bill.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({ original_handler: hanbing, acting_handler: lisi, on_behalf_of: hanbing });

    const mine = await call<BillEntrust[]>('lisi', 'GET', '/api/users/billEntrust?role=given');
    expect(mine.body.data.map((e) => e.id)).toEqual([created.body.data.id]);
  });

  it('refuses overlapping periods, self-entrust and bad periods, changing nothing', async () => {
    const [wangwu, sunhao] = [await idOf(server, 'wangwu'), await idOf(server, 'sunhao')];
    const ok = await call<BillEntrust>('wangwu', 'POST', '/api/users/billEntrust', {
      delegate_id: sunhao,
      start_at: hours(24),
      end_at: hours(72),
    });
    expect(ok.body.status_code).toBe(0);
    const before = await entrusts();
    const overlap = await call('wangwu', 'POST', '/api/users/billEntrust', {
      delegate_id: await idOf(server, 'majuan'),
      start_at: hours(48),
      end_at: hours(96),
    });
    expect(overlap.body.status_code).toBe(422);
    expect(overlap.body.message).toMatch(/^与已有的委托时间段（.+ 至 .+）重叠，同一时间只能委托给一个人$/);
    expect(
      (await call('wangwu', 'POST', '/api/users/billEntrust', { delegate_id: wangwu, start_at: hours(100), end_at: hours(120) })).body,
    ).toMatchObject({
      status_code: 422,
      data: { errors: { delegate_id: [ApprovalMessages.entrustSelf] } },
    });
    expect(
      (await call('wangwu', 'POST', '/api/users/billEntrust', { delegate_id: sunhao, start_at: hours(130), end_at: hours(120) })).body,
    ).toMatchObject({
      status_code: 422,
      data: { errors: { end_at: [ApprovalMessages.entrustPeriod] } },
    });
    expect(
      (await call('wangwu', 'POST', '/api/users/billEntrust', { delegate_id: sunhao, start_at: 'tomorrow', end_at: hours(120) })).body
        .status_code,
    ).toBe(422);
    expect(
      (
        await call('wangwu', 'POST', '/api/users/billEntrust', {
          delegate_id: sunhao,
          template_ids: [99999],
          start_at: hours(200),
          end_at: hours(220),
        })
      ).body,
    ).toMatchObject({
      status_code: 422,
      data: { errors: { template_ids: [ApprovalMessages.entrustTemplatesMissing([99999])] } },
    });
    expect(await entrusts()).toBe(before);

    // Editing its own period does not clash with itself; someone else may not touch it.
    const id = ok.body.data.id;
    expect(
      (await call('wangwu', 'PUT', `/api/users/billEntrust/${id}`, { delegate_id: sunhao, start_at: hours(30), end_at: hours(80) })).body
        .status_code,
    ).toBe(0);
    expect(
      (await call('sunhao', 'PUT', `/api/users/billEntrust/${id}`, { delegate_id: sunhao, start_at: hours(30), end_at: hours(80) })).status,
    ).toBe(403);
    expect((await call('sunhao', 'DELETE', `/api/users/billEntrust/${id}`)).status).toBe(403);
    expect(await entrusts()).toBe(before);
    expect((await call<BillEntrust[]>('sunhao', 'GET', '/api/users/billEntrust?role=received')).body.data.map((e) => e.id)).toEqual([id]);
    expect((await call('wangwu', 'DELETE', `/api/users/billEntrust/${id}`)).body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.entrustDeleted,
    });
    expect(await entrusts()).toBe(before - 1);
  });
});

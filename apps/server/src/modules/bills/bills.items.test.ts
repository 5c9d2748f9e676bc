import { ApprovalMessages, EngineMessages, StatusCode, type BillDetail, type ItemRow } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { expenseForm, idOf, pendingTask, snapshotOf, Tokens } from './test-support';

/**
 * The SPEC §7 calls the edit page does not need but a client may use (docs/approval-api.md): one items row added
 * (POST /api/bills/{id}/items) or taken out (DELETE …?field&index), and a task's operation named in the body
 * (POST|PUT|PATCH /api/bills/flownode/{id}).
 */
let server: TestServer;
let tokens: Tokens;
let expenseId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  expenseId = (await server.db.selectFrom('templates').select('id').where('name', '=', '费用报销').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function draft(amounts = ['100.00', '200.00']): Promise<BillDetail> {
  const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: expenseForm(amounts) });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data;
}

const amounts = (rows: ItemRow[] | undefined) => (rows ?? []).map((row) => row.amount);

describe('POST and DELETE /api/bills/{id}/items', () => {
  it('appends a row and takes one out, the total following', async () => {
    const bill = await draft();
    const added = await call<Record<string, ItemRow[]>>('zhangsan', 'POST', `/api/bills/${bill.id}/items`, {
      field: 'expense_items',
      row: { desc: '出租车', date: '2026-11-03', amount: '35.50' },
      version: bill.version,
    });
    expect(added.body).toMatchObject({ status_code: 0, message: ApprovalMessages.saved });
    expect(amounts(added.body.data.expense_items)).toEqual(['100.00', '200.00', '35.50']);
    expect((await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`)).body.data.totals.expense_items).toBe('335.50');

    const removed = await call<Record<string, ItemRow[]>>('zhangsan', 'DELETE', `/api/bills/${bill.id}/items?field=expense_items&index=0`);
    expect(removed.body.status_code, removed.body.message).toBe(0);
    expect(amounts(removed.body.data.expense_items)).toEqual(['200.00', '35.50']);
    expect((await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`)).body.data.totals.expense_items).toBe('235.50');
  });

  it('refuses a bad row, an unknown table or row, a stale version, another user and a bill in approval, changing nothing', async () => {
    const bill = await draft();
    const before = await snapshotOf(server, bill.id);
    const refused = async (user: string, method: string, url: string, body?: unknown) => (await call(user, method, url, body)).body;
    expect(
      await refused('zhangsan', 'POST', `/api/bills/${bill.id}/items`, { field: 'expense_items', row: { desc: '坏行', amount: '-5' } }),
    ).toMatchObject({ status_code: StatusCode.invalid });
    expect(await refused('zhangsan', 'POST', `/api/bills/${bill.id}/items`, { field: 'nope', row: {} })).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { field: [ApprovalMessages.itemsFieldUnknown('nope')] } },
    });
    expect(await refused('zhangsan', 'POST', `/api/bills/${bill.id}/items`, { field: 'expense_items' })).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { row: [ApprovalMessages.itemRowRequired] } },
    });
    expect(await refused('zhangsan', 'DELETE', `/api/bills/${bill.id}/items?field=expense_items&index=9`)).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { index: [ApprovalMessages.itemRowMissing] } },
    });
    expect(await refused('zhangsan', 'DELETE', `/api/bills/${bill.id}/items?field=expense_items&index=x`)).toMatchObject({
      status_code: StatusCode.invalid,
    });
    expect(
      await refused('zhangsan', 'POST', `/api/bills/${bill.id}/items`, {
        field: 'expense_items',
        row: { desc: '过期', date: '2026-11-03', amount: '1.00' },
        version: bill.version + 5,
      }),
    ).toMatchObject({ status_code: StatusCode.conflict });
    expect((await call('lisi', 'DELETE', `/api/bills/${bill.id}/items?field=expense_items&index=0`)).status).toBe(403);
    expect(await snapshotOf(server, bill.id)).toEqual(before);

    const released = await call<BillDetail>('zhangsan', 'POST', `/api/bills/${bill.id}/release`, {});
    expect(released.body.status_code, released.body.message).toBe(0);
    expect(await refused('zhangsan', 'DELETE', `/api/bills/${bill.id}/items?field=expense_items&index=0`)).toMatchObject({
      status_code: StatusCode.conflict,
      message: ApprovalMessages.notEditable,
    });
  });
});

describe('POST|PUT|PATCH /api/bills/flownode/{id}', () => {
  it('runs the operation the body names, as the path form does, and refuses a missing or unknown one', async () => {
    const bill = await draft(['50.00']);
    await call('zhangsan', 'POST', `/api/bills/${bill.id}/release`, {});
    const lisi = await idOf(server, 'lisi');
    const task = await pendingTask(server, bill.id, lisi);
    const before = await snapshotOf(server, bill.id);
    for (const body of [{}, { operType: 'approve' }, { operType: 3 }]) {
      expect((await call('lisi', 'PATCH', `/api/bills/flownode/${task}`, body)).body).toMatchObject({
        status_code: StatusCode.invalid,
        data: { errors: { operType: [ApprovalMessages.operTypeInvalid] } },
      });
    }
    // Someone else's task: the same answer as the path form.
    expect((await call('wangwu', 'PATCH', `/api/bills/flownode/${task}`, { operType: 'agree' })).body).toMatchObject({
      status_code: 403,
      message: EngineMessages.notHandler,
    });
    expect(await snapshotOf(server, bill.id)).toEqual(before);

    const agreed = await call<{ status: string }>('lisi', 'PUT', `/api/bills/flownode/${task}`, { operType: 'agree', comment: '同意' });
    expect(agreed.body).toMatchObject({ status_code: 0, message: ApprovalMessages.agreed });
    expect((await snapshotOf(server, bill.id)).tasks.find((t) => t.id === task)).toMatchObject({ status: 'agreed', comment: '同意' });
  });
});

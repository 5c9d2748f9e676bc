import { CommonMessages, type BillDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, snapshotOf, Tokens } from './test-support';

/**
 * The JSON columns are parsed and checked where they are read (bills.repo, directory.repo): a value the
 * code never wrote fails as an internal error (a masked 500, logged), never as a guess that lets the
 * bill go on.
 */

let server: TestServer;
let tokens: Tokens;
let templateId: number;
let lisi: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  lisi = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const internalError = { status_code: 500, message: CommonMessages.serverError(500), data: null };

async function draft(): Promise<number> {
  const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: { reason: '存储检查' } });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data.id;
}

describe('a JSON column holding what the code never wrote', () => {
  it('bills.form_json that is no form: the bill is neither shown nor decided', async () => {
    const id = await draft();
    expect((await call('zhangsan', 'POST', `/api/bills/${id}/release`, {})).body.status_code).toBe(0);
    await server.db.updateTable('bills').set({ form_json: '["not", "a", "form"]' }).where('id', '=', id).execute();
    const before = await snapshotOf(server, id);

    const read = await call('zhangsan', 'GET', `/api/bills/${id}`);
    expect([read.status, read.body]).toEqual([500, internalError]);
    const task = await pendingTask(server, id, lisi);
    const agree = await call('lisi', 'POST', `/api/bills/flownode/${task}/agree`, {});
    expect([agree.status, agree.body]).toEqual([500, internalError]);
    expect(await snapshotOf(server, id)).toEqual(before);
  });

  it('bill_entrusts.template_ids that is no list: a release is refused, not handed to the delegate for every template', async () => {
    const id = await draft();
    const now = Date.now();
    await server.db
      .insertInto('bill_entrusts')
      .values({
        user_id: lisi,
        delegate_id: await idOf(server, 'wangwu'),
        template_ids: '{"all": true}',
        start_at: new Date(now - 3_600_000).toISOString(),
        end_at: new Date(now + 3_600_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const before = await snapshotOf(server, id);
    const released = await call('zhangsan', 'POST', `/api/bills/${id}/release`, {});
    expect([released.status, released.body]).toEqual([500, internalError]);
    expect(await snapshotOf(server, id)).toEqual(before);
    await server.db.deleteFrom('bill_entrusts').where('user_id', '=', lisi).execute();
  });
});

import {
  ApprovalMessages,
  RELATED_MAX,
  RelatedMessages,
  StatusCode,
  type BillDetail,
  type BillRelations,
  type Paged,
  type RelatedBill,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from './test-support';

/**
 * 关联审批 (issue 13, GET/POST /api/relatedbusiness, DELETE /api/relatedbusiness/{bill_id}/{related_id}): the initiator
 * links their bill to other bills of theirs; readers of either bill see the link; a link grants no reading.
 */
let server: TestServer;
let tokens: Tokens;
let templateId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const lisi = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const release = async (user = 'zhangsan', reason = '关联测试') => releasedBill(server, await tokens.get(user), templateId, { reason });
const linksOf = (billId: number) =>
  server.db.selectFrom('bill_links').select(['bill_id', 'related_id']).where('bill_id', '=', billId).orderBy('related_id').execute();
const relations = async (user: string, billId: number) => call<BillRelations>(user, 'GET', `/api/relatedbusiness?bill_id=${billId}`);

describe('linking bills', () => {
  it('links the initiator’s own bills; both bills show the link to their readers, the handler included', async () => {
    const [a, b, c] = [await release(), await release(), await release()];
    const linked = await call<BillRelations>('zhangsan', 'POST', '/api/relatedbusiness', {
      bill_id: a.id,
      related_ids: [b.id, c.id, b.id],
    });
    expect(linked.body).toMatchObject({ status_code: 0, message: RelatedMessages.linked, data: { bill_id: a.id, may_edit: true } });
    expect(linked.body.data.related.map((r) => r.id)).toEqual([b.id, c.id].sort((x, y) => x - y));
    expect(linked.body.data.related[0]).toMatchObject({ title: b.title, status: 'doing', may_read: true });

    // 李四 handles both: he sees the link from A, and from B that A links to it; he may not edit.
    const fromA = await relations('lisi', a.id);
    expect(fromA.body.data.related.map((r) => r.id)).toEqual([b.id, c.id].sort((x, y) => x - y));
    expect(fromA.body.data.may_edit).toBe(false);
    const toB = await relations('lisi', b.id);
    expect(toB.body.data.related_from.map((r) => r.id)).toEqual([a.id]);
    expect(toB.body.data.related).toEqual([]);

    // Linking again is no failure and adds nothing; removing takes exactly that link.
    await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] });
    expect(await linksOf(a.id)).toHaveLength(2);
    const removed = await call<BillRelations>('zhangsan', 'DELETE', `/api/relatedbusiness/${a.id}/${b.id}`);
    expect(removed.body).toMatchObject({ status_code: 0, message: RelatedMessages.unlinked });
    expect((await linksOf(a.id)).map((l) => l.related_id)).toEqual([c.id]);
    expect((await call('zhangsan', 'DELETE', `/api/relatedbusiness/${a.id}/${b.id}`)).body).toMatchObject({
      status_code: StatusCode.notFound,
      message: RelatedMessages.notLinked,
    });
  });

  it('grants no reading: a reader of A sees a linked bill they may not read by title only', async () => {
    const [a, b] = [await release(), await release()];
    await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] });
    // 赵六 gets A shared, not B.
    await call('zhangsan', 'PATCH', `/api/bills/${a.id}/share`, { user_ids: [await idOf(server, 'zhaoliu')] });
    const seen = await relations('zhaoliu', a.id);
    expect(seen.body.data.related).toEqual([expect.objectContaining({ id: b.id, may_read: false })]);
    expect((await call('zhaoliu', 'GET', `/api/bills/${b.id}`)).status).toBe(403);
  });

  it('lists the caller’s own submitted bills to pick from, less the bill itself and what it links', async () => {
    const [a, b] = [await release('zhangsan', '候选甲'), await release('zhangsan', '候选乙')];
    const other = await release('wangwu');
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: { reason: '草稿' } });
    await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] });
    const page = await call<Paged<RelatedBill>>('zhangsan', 'GET', `/api/relatedbusiness?exclude_bill_id=${a.id}&per_page=100`);
    const ids = page.body.data.list.map((r) => r.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(draft.body.data.id);
    expect(page.body.data.total).toBe(ids.length);
    const byId = await call<Paged<RelatedBill>>('zhangsan', 'GET', `/api/relatedbusiness?keyword=${b.id}`);
    expect(byId.body.data.list.map((r) => r.id)).toEqual([b.id]);
  });
});

describe('refusals change nothing', () => {
  it('refuses everyone but the initiator: a reader 403 with the reason, a stranger the usual 403', async () => {
    const [a, b] = [await release(), await release()];
    expect((await call('lisi', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] })).body).toMatchObject({
      status_code: 403,
      message: RelatedMessages.notInitiator,
    });
    expect((await call('zhaoliu', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] })).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.billUnavailable,
    });
    expect((await relations('zhaoliu', a.id)).body).toMatchObject({ status_code: 403, message: ApprovalMessages.billUnavailable });
    expect((await call('zhaoliu', 'DELETE', `/api/relatedbusiness/${a.id}/${b.id}`)).body.status_code).toBe(403);
    expect((await server.call('GET', `/api/relatedbusiness?bill_id=${a.id}`)).status).toBe(401);
    expect(await linksOf(a.id)).toEqual([]);
  });

  it('refuses another person’s bill, itself, a draft, too many and malformed input, with the field’s message', async () => {
    const [a, b] = [await release(), await release()];
    const others = await release('wangwu');
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: { reason: '草稿' } });
    const invalid = async (body: unknown, field: string, message: string) =>
      expect((await call('zhangsan', 'POST', '/api/relatedbusiness', body)).body).toMatchObject({
        status_code: StatusCode.invalid,
        data: { errors: { [field]: [message] } },
      });
    await invalid({ bill_id: a.id, related_ids: [b.id, others.id] }, 'related_ids', RelatedMessages.notLinkable);
    await invalid({ bill_id: a.id, related_ids: [draft.body.data.id] }, 'related_ids', RelatedMessages.notLinkable);
    await invalid({ bill_id: a.id, related_ids: [987654] }, 'related_ids', RelatedMessages.notLinkable);
    await invalid({ bill_id: a.id, related_ids: [a.id] }, 'related_ids', RelatedMessages.self);
    await invalid({ bill_id: a.id, related_ids: [] }, 'related_ids', RelatedMessages.relatedRequired);
    await invalid({ bill_id: a.id }, 'related_ids', RelatedMessages.relatedRequired);
    await invalid({ bill_id: 'x', related_ids: [b.id] }, 'bill_id', RelatedMessages.billRequired);
    expect((await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: ['1; drop'] })).body.status_code).toBe(
      StatusCode.invalid,
    );
    expect((await call('zhangsan', 'GET', '/api/relatedbusiness?bill_id=abc')).body.status_code).toBe(StatusCode.invalid);
    expect((await call('zhangsan', 'GET', `/api/relatedbusiness?keyword=${'长'.repeat(51)}`)).body.status_code).toBe(StatusCode.invalid);
    expect((await call('zhangsan', 'GET', '/api/relatedbusiness?bill_id=987654')).body.status_code).toBe(403);
    expect(await linksOf(a.id)).toEqual([]);

    // The limit counts what is there already.
    const many = [];
    for (let i = 0; i < RELATED_MAX; i++) many.push((await release()).id);
    expect((await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: many })).body.status_code).toBe(0);
    await invalid({ bill_id: a.id, related_ids: [b.id] }, 'related_ids', RelatedMessages.relatedTooMany);
    expect(await linksOf(a.id)).toHaveLength(RELATED_MAX);
  });

  it('keeps a voided bill’s links as they are', async () => {
    const [a, b] = [await release(), await release()];
    await call('zhangsan', 'POST', '/api/relatedbusiness', { bill_id: a.id, related_ids: [b.id] });
    await call('zhangsan', 'PATCH', `/api/bills/${a.id}/returned`, {});
    expect((await call('zhangsan', 'PATCH', `/api/bills/${a.id}/abandon`, {})).body.status_code).toBe(0);
    expect((await call('zhangsan', 'DELETE', `/api/relatedbusiness/${a.id}/${b.id}`)).body).toMatchObject({
      status_code: StatusCode.conflict,
      message: RelatedMessages.abandoned,
    });
    expect((await relations('zhangsan', a.id)).body.data.may_edit).toBe(false);
    expect(await linksOf(a.id)).toHaveLength(1);
  });
});

import { archiveComment, type BillDetail, type FlowGraph, type BillHistoryEntry } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, Tokens } from './test-support';

/**
 * 归档 (issue 13): a bill that passes an archive node gets an archive number once (GD, the year, a sequence), shown on
 * the detail and as the comment of the 归档 history entry; two bills never share a number.
 */
let server: TestServer;
let tokens: Tokens;
let templateId: number;
let lisi: number;

/** start → 审批1 → 财务归档 (archive) → end. */
function withArchive(graph: FlowGraph): FlowGraph {
  const end = graph.nodes.find((node) => node.type === 'end');
  if (!end) throw new Error('a graph without an end');
  return {
    ...graph,
    nodes: [...graph.nodes.filter((node) => node !== end), { id: 'arch', type: 'archive', name: '财务归档', steps: [] }, end],
    links: [
      ...graph.links.map((link) => (link.to === end.id ? { ...link, to: 'arch' } : link)),
      { id: 'l-arch', from: 'arch', to: end.id, priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    ],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  lisi = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), withArchive(linearGraph([[{ type: 'orsign', userIds: [lisi] }]])));
});
afterAll(async () => server.close());

async function approve(billId: number) {
  const task = await pendingTask(server, billId, lisi);
  const answer = await server.call<BillDetail>('POST', `/api/bills/flownode/${task}/agree`, {
    token: await tokens.get('lisi'),
    body: { comment: '同意' },
  });
  expect(answer.body.status_code, answer.body.message).toBe(0);
}

const detail = async (billId: number) =>
  (await server.call<BillDetail>('GET', `/api/bills/${billId}`, { token: await tokens.get('zhangsan') })).body.data;
const history = async (billId: number) =>
  (await server.call<BillHistoryEntry[]>('GET', `/api/bills/${billId}/history`, { token: await tokens.get('zhangsan') })).body.data;

describe('归档', () => {
  it('files an approved bill under a number of this year, in the history too', async () => {
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '归档测试' });
    expect((await detail(bill.id)).archive_no).toBeNull();
    await approve(bill.id);
    const done = await detail(bill.id);
    expect(done.status).toBe('done');
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    expect(done.archive_no).toMatch(new RegExp(`^GD${year}\\d{6}$`));
    expect(done.archived_at).not.toBeNull();
    const entries = await history(bill.id);
    const filed = entries.find((entry) => entry.action === 'archive');
    expect(filed).toMatchObject({ action_text: '归档', comment: archiveComment(done.archive_no ?? '') });
  });

  it('gives bills filed at the same time different numbers, one after another', async () => {
    const bills = await Promise.all(
      [1, 2, 3, 4].map(async (n) => releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: `并发归档${n}` })),
    );
    await Promise.all(bills.map((bill) => approve(bill.id)));
    const numbers = await Promise.all(bills.map(async (bill) => (await detail(bill.id)).archive_no));
    expect(new Set(numbers).size).toBe(4);
    const seqs = numbers.map((no) => Number(no?.slice(-6))).sort((a, b) => a - b);
    expect(seqs[3]! - seqs[0]!).toBe(3);
  });

  it('leaves a bill that has not reached the archive node unfiled', async () => {
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '未归档' });
    await server.call('PATCH', `/api/bills/${bill.id}/returned`, { token: await tokens.get('zhangsan'), body: {} });
    const withdrawn = await detail(bill.id);
    expect(withdrawn.archive_no).toBeNull();
    expect((await history(bill.id)).map((entry) => entry.action)).not.toContain('archive');
  });
});

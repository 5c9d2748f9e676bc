import type { BillDetail, FlowGraph, FormSchema, StepType, TemplateDetail } from '@osp/shared';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness';

/** Helpers for the approval API tests: tokens per user, templates made through the API, bill shortcuts. */

export class Tokens {
  private readonly cache = new Map<string, Promise<string>>();
  constructor(private readonly server: TestServer) {}
  get(username: string): Promise<string> {
    let token = this.cache.get(username);
    if (!token) {
      token = this.server.signIn(username);
      this.cache.set(username, token);
    }
    return token;
  }
}

export async function idOf(server: TestServer, username: string): Promise<number> {
  const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

export async function idsOf(server: TestServer, usernames: readonly string[]): Promise<number[]> {
  return Promise.all(usernames.map((u) => idOf(server, u)));
}

export const SIMPLE_FORM: FormSchema = {
  fields: [
    { key: 'reason', type: 'text', label: '事由', required: true },
    { key: 'amount', type: 'money', label: '金额', required: false },
  ],
};

/** A 费用报销 form of the demo template (its items table `expense_items` with one row per amount). */
export const expenseForm = (amounts: string[]) => ({
  category: '差旅费',
  expense_items: amounts.map((amount, i) => ({ desc: `费用${i + 1}`, date: '2026-11-02', amount })),
  remark: '出差',
});

/** start → one approve node per step list → end, each node with the given steps. */
export function linearGraph(
  nodes: { type: StepType; userIds: number[]; commentRequired?: boolean }[][],
  settings: Partial<FlowGraph['settings']> = {},
): FlowGraph {
  const ids = ['start', ...nodes.map((_, i) => `n${i + 1}`), 'end'];
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', steps: [] },
      ...nodes.map((steps, i) => ({
        id: `n${i + 1}`,
        type: 'approve' as const,
        name: `审批${i + 1}`,
        steps: steps.map((s, j) => ({
          id: `n${i + 1}s${j + 1}`,
          name: `步骤${i + 1}-${j + 1}`,
          type: s.type,
          source: { kind: 'users' as const, userIds: s.userIds },
          ...(s.commentRequired === undefined ? {} : { commentRequired: s.commentRequired }),
        })),
      })),
      { id: 'end', type: 'end', name: '结束', steps: [] },
    ],
    links: ids
      .slice(1)
      .map((to, i) => ({ id: `l${i}`, from: ids[i] ?? '', to, priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } })),
    settings: {
      emptyHandler: 'skip',
      adminUserId: null,
      resubmit: 'restart',
      approverDedup: 'none',
      initiatorApproves: 'skip',
      ...settings,
    },
  };
}

let counter = 0;

/**
 * The template name's unique part in letters: bills are titled after their template, and a search by a bill's
 * number also matches titles that contain those digits (bills.related.test.ts once found six bills for one number).
 */
function lettersOnly(value: number): string {
  return String(value).replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)));
}

export async function makeTemplate(
  server: TestServer,
  adminToken: string,
  flow: FlowGraph,
  form: FormSchema = SIMPLE_FORM,
): Promise<number> {
  const groups = await server.call<{ id: number }[]>('GET', '/api/template/groups', { token: adminToken });
  let groupId = groups.body.data[0]?.id;
  if (groupId === undefined) {
    const created = await server.call<{ id: number }>('POST', '/api/template/groups', { token: adminToken, body: { name: '测试分组' } });
    groupId = created.body.data.id;
  }
  const result = await server.call<TemplateDetail>('POST', '/api/templates', {
    token: adminToken,
    body: { group_id: groupId, name: `测试模板${++counter}-${lettersOnly(Date.now() % 100000)}`, form_schema: form, flow },
  });
  expect(result.body.status_code, result.body.message).toBe(0);
  return result.body.data.id;
}

/** A released bill of `token`'s user on `templateId`. */
export async function releasedBill(
  server: TestServer,
  token: string,
  templateId: number,
  form: Record<string, unknown> = { reason: '测试' },
): Promise<BillDetail> {
  const draft = await server.call<BillDetail>('POST', '/api/bills', { token, body: { template_id: templateId, form } });
  expect(draft.body.status_code, draft.body.message).toBe(0);
  const released = await server.call<BillDetail>('POST', `/api/bills/${draft.body.data.id}/release`, { token, body: {} });
  expect(released.body.status_code, released.body.message).toBe(0);
  return released.body.data;
}

/** The pending task of `userId` on the bill, read from the table. */
export async function pendingTask(server: TestServer, billId: number, userId: number): Promise<string> {
  const row = await server.db
    .selectFrom('bill_tasks')
    .select('id')
    .where('bill_id', '=', billId)
    .where('acting_handler', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Everything persisted about a bill, to prove that a refused call changed nothing. */
export async function snapshotOf(server: TestServer, billId: number) {
  const [bill, activations, steps, tasks, events, items] = await Promise.all([
    server.db.selectFrom('bills').selectAll().where('id', '=', billId).executeTakeFirst(),
    server.db.selectFrom('bill_activations').selectAll().where('bill_id', '=', billId).orderBy('id').execute(),
    server.db.selectFrom('bill_steps').selectAll().where('bill_id', '=', billId).orderBy('id').execute(),
    server.db.selectFrom('bill_tasks').selectAll().where('bill_id', '=', billId).orderBy('id').execute(),
    server.db.selectFrom('bill_events').selectAll().where('bill_id', '=', billId).orderBy('seq').execute(),
    server.db.selectFrom('bill_items').selectAll().where('bill_id', '=', billId).orderBy('id').execute(),
  ]);
  return { bill, activations, steps, tasks, events, items };
}

/** The acting handlers of a bill's pending tasks, in their order. */
export async function pendingHandlers(server: TestServer, billId: number): Promise<number[]> {
  const rows = await server.db
    .selectFrom('bill_tasks')
    .select('acting_handler')
    .where('bill_id', '=', billId)
    .where('status', '=', 'pending')
    .orderBy('ord')
    .execute();
  return rows.map((r) => r.acting_handler);
}

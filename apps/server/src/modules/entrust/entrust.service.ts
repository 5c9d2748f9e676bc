import { ApprovalMessages, EntrustIdZ, EntrustInputZ, type BillEntrust } from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { activeUserIds } from '../directory/directory.service';
import * as repo from './entrust.repo';

/**
 * Bill entrusts (approval delegation, issue 4). A user hands the tasks that reach them during a period
 * (for all templates or a list) to a delegate; the engine applies an entrust when it creates a task, one
 * hop only (flow/handlers.ts), so a chain A→B→C gives A's task to B and a loop A→B, B→A gives A's to B and
 * B's to A — resolution always ends. One person's periods may not overlap: at any moment a task has one
 * delegate. Policy: everyone manages their own entrusts only (the list shows those given and received).
 * Every write logs one row of item type `entrust` (read with sys_log only: nobody administers another
 * person's delegation) naming the delegate, the period and the templates.
 */

const ITEM_TYPE = 'entrust';
const FACT_LABELS: Record<string, string> = { delegate: '受托人', period: '时间', templates: '模板', reason: '原因' };

const ListQueryZ = z.object({
  role: z.enum(['given', 'received', 'all'], { error: '列表类型须为 given、received 或 all' }).default('all'),
});

const ts = (iso: string) => new Date(iso).toISOString();
/** A period in Asia/Shanghai time for messages. */
const shown = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export async function listEntrusts(ctx: AppContext, caller: Caller, query: unknown): Promise<BillEntrust[]> {
  const { role } = parse(ListQueryZ, query);
  return repo.listEntrusts(ctx.db, { userId: caller.userId, role });
}

async function checkInput(db: Db, caller: Caller, body: unknown, exceptId: number | null): Promise<repo.EntrustValues> {
  const input = parse(EntrustInputZ, body);
  const start = ts(input.start_at);
  const end = ts(input.end_at);
  const errors: Record<string, string[]> = {};
  if (input.delegate_id === caller.userId) errors.delegate_id = [ApprovalMessages.entrustSelf];
  else if (!(await activeUserIds(db, [input.delegate_id])).has(input.delegate_id)) errors.delegate_id = [ApprovalMessages.userMissing];
  if (end <= start) errors.end_at = [ApprovalMessages.entrustPeriod];
  else if (end <= nowIso()) errors.end_at = [ApprovalMessages.entrustEnded];
  const templateIds = [...new Set(input.template_ids)];
  if (templateIds.length > 0) {
    const found = await repo.existingTemplateIds(db, templateIds);
    const missing = templateIds.filter((id) => !found.has(id));
    if (missing.length > 0) errors.template_ids = [ApprovalMessages.entrustTemplatesMissing(missing)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  // Overlap: another period of mine that starts before this one ends and ends after it starts.
  const clash = await repo.findOverlappingEntrust(db, caller.userId, start, end, exceptId);
  if (clash) throw new ValidationError({ start_at: [ApprovalMessages.entrustOverlap(shown(clash.start_at), shown(clash.end_at))] });
  return { delegate_id: input.delegate_id, template_ids: templateIds, start_at: start, end_at: end, reason: input.reason };
}

/** What the log shows of an entrust: the delegate and templates by name, the period in Asia/Shanghai time. */
async function facts(db: Db, values: repo.EntrustValues): Promise<Record<string, string>> {
  const delegate = await repo.findDelegate(db, values.delegate_id);
  const templateIds = values.template_ids;
  const names = await repo.templateNames(db, templateIds);
  return {
    delegate: delegate ? `${delegate.name}（${delegate.username}）` : `用户#${values.delegate_id}`,
    period: `${shown(values.start_at)} 至 ${shown(values.end_at)}`,
    templates: templateIds.length === 0 ? '全部模板' : templateIds.map((t) => names.get(t) ?? `模板#${t}`).join('、'),
    reason: values.reason,
  };
}

export async function createEntrust(ctx: AppContext, actor: Actor, body: unknown): Promise<BillEntrust> {
  const caller = actor.caller;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const values = await checkInput(trx, caller, body, null);
    const entrustId = await repo.insertEntrust(trx, caller.userId, values, nowIso());
    const after = await facts(trx, values);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: entrustId,
      action: 'create',
      summary: `${caller.user.name} 委托 ${after.delegate} 代为审批（${after.period}，${after.templates}）`,
      after,
    });
    return entrustId;
  });
  const [entrust] = await repo.listEntrusts(ctx.db, { id });
  if (!entrust) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  return entrust;
}

async function ownEntrust(db: Db, caller: Caller, id: number) {
  const row = await repo.findEntrust(db, id);
  if (!row) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  if (row.user_id !== caller.userId) throw new ForbiddenError();
  return row;
}

export async function updateEntrust(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<BillEntrust> {
  const caller = actor.caller;
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, caller, id);
    const values = await checkInput(trx, caller, body, id);
    const [before, after] = [await facts(trx, old), await facts(trx, values)];
    const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
    if (keys.length === 0) return;
    await repo.updateEntrust(trx, id, values);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改 ${caller.user.name} 给 ${before.delegate} 的审批委托：${keys.map((k) => `${FACT_LABELS[k] ?? k}改为 ${after[k] || '（空）'}`).join('，')}`,
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    });
  });
  const [entrust] = await repo.listEntrusts(ctx.db, { id });
  if (!entrust) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  return entrust;
}

/** Tasks already handed over stay with the delegate; only new tasks go back to the owner. */
export async function deleteEntrust(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, actor.caller, id);
    await repo.deleteEntrust(trx, id);
    const before = await facts(trx, old);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除 ${actor.caller.user.name} 给 ${before.delegate} 的审批委托（${before.period}）`,
      before,
    });
  });
}

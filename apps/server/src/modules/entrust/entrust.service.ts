import {
  ApprovalMessages,
  EntrustCreateZ,
  EntrustIdZ,
  EntrustInputZ,
  EntrustMessages,
  type EntrustCreated,
  type EntrustTemplateOption,
  type EntrustView,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { activeUserIds } from '../directory/directory.service';
import { moveOpenTasks } from '../bills/bills.reassign';
import { authorizeOwnEntrust, mayReadIptvTemplates } from './entrust.policy';
import { presentEntrust } from './entrust.presenter';
import * as repo from './entrust.repo';

/**
 * Bill entrusts (approval delegation, issue 4). A user hands the tasks that reach them during a period
 * (for all templates or a list) to a delegate; the engine applies an entrust when it creates a task, one
 * hop only (flow/handlers.ts), so a chain A→B→C gives A's task to B and a loop A→B, B→A gives A's to B and
 * B's to A — resolution always ends. One person's periods may not overlap: at any moment a task has one
 * delegate. Policy: everyone manages their own entrusts only (the list shows those given and received).
 * Every write logs one row of item type `entrust` (read with sys_log only: nobody administers another
 * person's delegation) naming the delegate, the period and the templates.
 *
 * Issue 13: an entrust that has started is never deleted (its record shows why tasks went to the delegate): one in
 * its period is ended early instead (`endEntrust`), one that has ended stays as it is. 同时移交当前待办 moves the
 * caller's open tasks on the entrust's templates to the delegate in the transaction that saves the entrust.
 */

const ITEM_TYPE = 'entrust';
const FACT_LABELS: Record<string, string> = { delegate: '受托人', period: '时间', templates: '模板', reason: '原因' };

const ListQueryZ = z.object({
  role: z.enum(['given', 'received', 'all'], { error: '列表类型须为 given、received 或 all' }).default('all'),
});

const ts = (iso: string) => new Date(iso).toISOString();
/** A period in Asia/Shanghai time for messages. */
export const shown = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

type EntrustRow = Awaited<ReturnType<typeof repo.listEntrusts>>[number];

/** The rows as the page shows them: state, template names (IPTV ones only to IPTV roles) and the owner's abilities. */
async function present(db: Db, caller: Caller, rows: EntrustRow[]): Promise<EntrustView[]> {
  const labels = await repo.templateLabels(db, [...new Set(rows.flatMap((r) => r.template_ids))]);
  const now = new Date();
  return rows.map((row) => presentEntrust(caller, row, labels, now));
}

async function viewOf(db: Db, caller: Caller, id: number): Promise<EntrustView> {
  const [view] = await present(db, caller, await repo.listEntrusts(db, { id }));
  if (!view) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  return view;
}

export async function listEntrusts(ctx: AppContext, caller: Caller, query: unknown): Promise<EntrustView[]> {
  const { role } = parse(ListQueryZ, query);
  return present(ctx.db, caller, await repo.listEntrusts(ctx.db, { userId: caller.userId, role }));
}

/** The templates the 审批委托 page offers: every enabled one (IPTV templates to IPTV roles only). */
export async function listEntrustTemplates(ctx: AppContext, caller: Caller): Promise<EntrustTemplateOption[]> {
  return repo.enabledTemplates(ctx.db, mayReadIptvTemplates(caller));
}

async function checkInput(
  db: Db,
  caller: Caller,
  input: z.infer<typeof EntrustInputZ>,
  exceptId: number | null,
): Promise<repo.EntrustValues> {
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
export async function facts(db: Db, values: repo.EntrustValues): Promise<Record<string, string>> {
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

/**
 * Saves an entrust; with `move_open_tasks` the caller's open tasks on its templates go to the delegate in the same
 * transaction (recorded 委托移交 in each bill's history; bills the delegate initiated stay and are reported). Any
 * failure leaves neither the entrust nor a moved task.
 */
export async function createEntrust(ctx: AppContext, actor: Actor, body: unknown): Promise<EntrustCreated> {
  const caller = actor.caller;
  const input = parse(EntrustCreateZ, body);
  const { id, moved } = await ctx.db.transaction().execute(async (trx) => {
    const values = await checkInput(trx, caller, input, null);
    // Moving today's to-dos under an entrust that starts later would give the delegate the tasks before it begins.
    if (input.move_open_tasks && values.start_at > nowIso())
      throw new ValidationError({ move_open_tasks: [EntrustMessages.moveNotStarted] });
    const entrustId = await repo.insertEntrust(trx, caller.userId, values, nowIso());
    const after = await facts(trx, values);
    const report = input.move_open_tasks
      ? await moveOpenTasks(ctx, trx, {
          reason: 'entrust',
          actorId: caller.userId,
          from: caller.userId,
          to: values.delegate_id,
          templateIds: values.template_ids,
          comment: EntrustMessages.moveComment((await repo.findDelegate(trx, values.delegate_id))?.name ?? '', after.period ?? ''),
        })
      : null;
    const movedText = report
      ? `，同时移交 ${report.moved.length} 张单据的待办${report.skipped.length ? `（${report.skipped.length} 张未移交）` : ''}`
      : '';
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: entrustId,
      action: 'create',
      summary: `${caller.user.name} 委托 ${after.delegate} 代为审批（${after.period}，${after.templates}）${movedText}`,
      after: report ? { ...after, moved_bills: report.moved.map((b) => b.bill_id).join('、') || '无' } : after,
    });
    return { id: entrustId, moved: report };
  });
  return { ...(await viewOf(ctx.db, caller, id)), moved_tasks: moved };
}

async function ownEntrust(db: Db, caller: Caller, id: number) {
  const row = await repo.findEntrust(db, id);
  if (!row) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  authorizeOwnEntrust(caller, row);
  return row;
}

export async function updateEntrust(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<EntrustView> {
  const caller = actor.caller;
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, caller, id);
    // An ended entrust is a record of what happened; reviving or rewriting it would change that record.
    if (old.end_at <= nowIso()) throw new ConflictError(EntrustMessages.editEnded);
    const values = await checkInput(trx, caller, parse(EntrustInputZ, body), id);
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
  return viewOf(ctx.db, caller, id);
}

/**
 * 提前结束: an entrust in its period ends now and stays listed as 已结束. Tasks already handed over stay with the
 * delegate (as with every end of an entrust); only new tasks reach the owner again.
 */
export async function endEntrust(ctx: AppContext, actor: Actor, params: unknown): Promise<EntrustView> {
  const caller = actor.caller;
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, caller, id);
    const now = nowIso();
    if (!(old.start_at <= now && now < old.end_at)) throw new ConflictError(EntrustMessages.endNotActive);
    await repo.endEntrust(trx, id, now, true);
    const before = await facts(trx, old);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'end',
      summary: `提前结束 ${caller.user.name} 给 ${before.delegate} 的审批委托（原定 ${before.period}）`,
      before: { period: before.period },
      after: { period: `${shown(old.start_at)} 至 ${shown(now)}` },
    });
  });
  return viewOf(ctx.db, caller, id);
}

/** Only an entrust that has not started is deleted: nothing was ever handed over under it. */
export async function deleteEntrust(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, actor.caller, id);
    if (old.start_at <= nowIso()) throw new ConflictError(EntrustMessages.deleteStarted);
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

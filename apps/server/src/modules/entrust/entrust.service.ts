import { ApprovalMessages, EntrustIdZ, EntrustInputZ, type BillEntrust } from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { activeUserIds } from '../templates/templates.repo';

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

async function present(db: Db, where: { id?: number; userId?: number; role?: 'given' | 'received' | 'all' }): Promise<BillEntrust[]> {
  let query = db
    .selectFrom('bill_entrusts as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('users as d', 'd.id', 'e.delegate_id')
    .select([
      'e.id',
      'e.user_id',
      'u.name as user_name',
      'e.delegate_id',
      'd.name as delegate_name',
      'e.template_ids',
      'e.start_at',
      'e.end_at',
      'e.reason',
      'e.created_at',
    ])
    .orderBy('e.start_at', 'desc')
    .orderBy('e.id', 'desc');
  if (where.id !== undefined) query = query.where('e.id', '=', where.id);
  const me = where.userId;
  if (me !== undefined) {
    if (where.role === 'given') query = query.where('e.user_id', '=', me);
    else if (where.role === 'received') query = query.where('e.delegate_id', '=', me);
    else query = query.where((eb) => eb.or([eb('e.user_id', '=', me), eb('e.delegate_id', '=', me)]));
  }
  const rows = await query.limit(500).execute();
  return rows.map((r) => ({ ...r, template_ids: JSON.parse(r.template_ids) as number[] }));
}

export async function listEntrusts(ctx: AppContext, caller: Caller, query: unknown): Promise<BillEntrust[]> {
  const { role } = parse(ListQueryZ, query);
  return present(ctx.db, { userId: caller.userId, role });
}

async function checkInput(db: Db, caller: Caller, body: unknown, exceptId: number | null) {
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
    const found = new Set((await db.selectFrom('templates').select('id').where('id', 'in', templateIds).execute()).map((r) => r.id));
    const missing = templateIds.filter((id) => !found.has(id));
    if (missing.length > 0) errors.template_ids = [ApprovalMessages.entrustTemplatesMissing(missing)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  // Overlap: another period of mine that starts before this one ends and ends after it starts.
  let overlap = db
    .selectFrom('bill_entrusts')
    .select(['id', 'start_at', 'end_at'])
    .where('user_id', '=', caller.userId)
    .where('start_at', '<', end)
    .where('end_at', '>', start);
  if (exceptId !== null) overlap = overlap.where('id', '<>', exceptId);
  const clash = await overlap.executeTakeFirst();
  if (clash) throw new ValidationError({ start_at: [ApprovalMessages.entrustOverlap(shown(clash.start_at), shown(clash.end_at))] });
  return { delegate_id: input.delegate_id, template_ids: JSON.stringify(templateIds), start_at: start, end_at: end, reason: input.reason };
}

interface EntrustValues {
  delegate_id: number;
  template_ids: string;
  start_at: string;
  end_at: string;
  reason: string;
}

/** What the log shows of an entrust: the delegate and templates by name, the period in Asia/Shanghai time. */
async function facts(db: Db, values: EntrustValues): Promise<Record<string, string>> {
  const delegate = await db.selectFrom('users').select(['name', 'username']).where('id', '=', values.delegate_id).executeTakeFirst();
  const templateIds = JSON.parse(values.template_ids) as number[];
  const templates =
    templateIds.length === 0 ? [] : await db.selectFrom('templates').select(['id', 'name']).where('id', 'in', templateIds).execute();
  const names = new Map(templates.map((t) => [t.id, t.name]));
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
    const row = await trx
      .insertInto('bill_entrusts')
      .values({ ...values, user_id: caller.userId, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await facts(trx, values);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: row.id,
      action: 'create',
      summary: `${caller.user.name} 委托 ${after.delegate} 代为审批（${after.period}，${after.templates}）`,
      after,
    });
    return row.id;
  });
  const [entrust] = await present(ctx.db, { id });
  if (!entrust) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  return entrust;
}

async function ownEntrust(db: Db, caller: Caller, id: number) {
  const row = await db
    .selectFrom('bill_entrusts')
    .select(['id', 'user_id', 'delegate_id', 'template_ids', 'start_at', 'end_at', 'reason'])
    .where('id', '=', id)
    .executeTakeFirst();
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
    await trx.updateTable('bill_entrusts').set(values).where('id', '=', id).execute();
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改 ${caller.user.name} 给 ${before.delegate} 的审批委托：${keys.map((k) => `${FACT_LABELS[k] ?? k}改为 ${after[k] || '（空）'}`).join('，')}`,
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    });
  });
  const [entrust] = await present(ctx.db, { id });
  if (!entrust) throw new NotFoundError(ApprovalMessages.entrustNotFound);
  return entrust;
}

/** Tasks already handed over stay with the delegate; only new tasks go back to the owner. */
export async function deleteEntrust(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  const { id } = parse(EntrustIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await ownEntrust(trx, actor.caller, id);
    await trx.deleteFrom('bill_entrusts').where('id', '=', id).execute();
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

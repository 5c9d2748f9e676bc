import {
  ApprovalMessages,
  BillCloseZ,
  BillIdZ,
  BillReplicateZ,
  BillSharesZ,
  BillShareZ,
  BillUnshareZ,
  ShareMessages,
  type BillShareEntry,
  type BillUnshareResult,
  type BillDetail,
  type BillIgnoreResult,
  type BillShareResult,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, ForbiddenError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { authorizeTemplateRead } from '../templates/templates.policy';
import { authorizeStart } from '../templates/templates.service';
import { authorizeInitiator, authorizeRead, canReadBill } from './bills.access';
import { requireBill } from './bills.detail';
import { createBill } from './bills.drafts';
import { billUnavailable, canShareBill, CLOSABLE, isBillAdmin, mayUnshare } from './bills.policy';
import { activePeopleUnder } from '../directory/directory.service';
import { notify } from '../notifications/notifications.service';
import { carriedForm, formInput, storedValues, templateOf, unpickable, versionOf } from './bills.forms';
import * as repo from './bills.repo';
import { loadState } from './bills-state.repo';
import { checkVersion, mutate, runEngine } from './bills.transactions';
import { loadVersion } from '../templates/templates.versions';

/**
 * The bill actions of SPEC §4 beyond the flow itself (docs/approval-api.md): replicate into a new draft,
 * close (bill administrators), track and untrack, share with colleagues, ignore (out of my boxes).
 */

/**
 * PATCH /api/bills/{id}/replication: the initiator copies a submitted bill into a new draft on the
 * template's current version (form values and item rows carried over where the fields still fit).
 */
export async function replicateBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillReplicateZ, body ?? {});
  const bill = await requireBill(ctx.db, id);
  await authorizeInitiator(ctx.db, caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.replicateDraft);
  const template = await templateOf(ctx.db, bill.template_id);
  if (!template || template.status !== 1) throw new ConflictError(ApprovalMessages.templateDisabled);
  authorizeTemplateRead(caller, template.is_iptv === 1);
  await authorizeStart(ctx, ctx.db, caller, template.id);
  if (template.current_version_id === null) throw new ConflictError(ApprovalMessages.templateNoFlow);
  const [from, to] = await Promise.all([versionOf(ctx, ctx.db, bill), loadVersion(ctx.db, template.current_version_id, ctx.db)]);
  const form = await carriedForm(ctx.db, caller, from.formSchema, to.formSchema, bill);
  return createBill(ctx, caller, {
    template_id: template.id,
    title: input.title || bill.title,
    form: formInput(to.formSchema, storedValues(form), form.items),
    ...(input.client_key !== undefined ? { client_key: input.client_key } : {}),
  });
}

/** PATCH /api/bills/{id}/close: a bill administrator ends a bill still in the flow; open tasks are cancelled. */
export async function closeBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<void> {
  const { id } = parse(BillIdZ, params);
  // Only bill administrators close bills, so nobody else needs to learn whether this one exists.
  if (!isBillAdmin(caller)) throw new ForbiddenError(ApprovalMessages.closeForbidden);
  const input = parse(BillCloseZ, body ?? {});
  await mutate(ctx, id, async (trx, bill) => {
    if (!CLOSABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notClosable);
    checkVersion(bill, input.version);
    const state = await loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    await runEngine(ctx, trx, bill, state, pinned, { type: 'close', at: nowIso(), actor: caller.userId, comment: input.comment });
  });
}

/** PATCH /api/bills/{id}/track and /untrack: any reader follows or unfollows a submitted bill; repeats change nothing. */
export async function trackBill(ctx: AppContext, caller: Caller, params: unknown, follow: boolean): Promise<{ tracked: boolean }> {
  const { id } = parse(BillIdZ, params);
  const bill = await requireBill(ctx.db, id);
  await authorizeRead(ctx.db, caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.trackDraft);
  if (follow) {
    await repo.track(ctx.db, caller.userId, id, nowIso());
  } else {
    await repo.untrack(ctx.db, caller.userId, id);
  }
  return { tracked: follow };
}

/**
 * PATCH /api/bills/{id}/ignore: takes the bill out of the caller's 我关注的 and 抄送我的, and nothing else — not the
 * bill, not their reading of it, not anyone else's boxes. Idempotent. Open to its readers, and to someone whose box
 * still shows it after they lost reading (a follow outlives a revoked `bill_admin`): their box has already told them
 * the bill exists, and they must be able to clear it. Anyone else gets the answer of a bill that does not exist.
 */
export async function ignoreBill(ctx: AppContext, caller: Caller, params: unknown): Promise<{ result: BillIgnoreResult; message: string }> {
  const { id } = parse(BillIdZ, params);
  return ctx.db.transaction().execute(async (trx) => {
    const bill = await requireBill(trx, id);
    if (!(await canReadBill(trx, caller, bill)) && !(await repo.isInBoxesOf(trx, caller.userId, id))) throw billUnavailable();
    const removed = await repo.ignore(trx, caller.userId, id, nowIso());
    return {
      result: { bill_id: id, removed_from: removed },
      message: removed.length > 0 ? ApprovalMessages.ignored : ApprovalMessages.ignoredNothing,
    };
  });
}

// ---------- share ----------

/** Who a share names: the users picked, and the active people of the departments picked (with those below). */
interface ShareTargets {
  userIds: readonly number[];
  deptIds: readonly number[];
}

async function shareOne(ctx: AppContext, db: Db, caller: Caller, billId: number, targets: ShareTargets): Promise<BillShareResult> {
  const bill = await requireBill(db, billId);
  await authorizeRead(db, caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.shareDraft);
  if (!canShareBill(caller, bill)) throw new ForbiddenError(ApprovalMessages.shareForbidden);
  const fromDepts = await peopleOfDepts(ctx, db, targets.deptIds);
  // The initiator reads it anyway: no row for them; nor for the sharer, who reads it already.
  const people = [...new Set([...targets.userIds, ...fromDepts])].filter((u) => u !== bill.initiator_id && u !== caller.userId);
  if (targets.userIds.length === 0 && people.length === 0) {
    throw new ValidationError({ dept_ids: [ApprovalMessages.shareNobodyInDepts] });
  }
  const at = nowIso();
  const told = await repo.share(db, billId, people, caller.userId, at);
  await notify(
    db,
    told.map((userId) => ({ userId, kind: 'share', billId, actorId: caller.userId, at })),
  );
  return { bill_id: billId, user_ids: await repo.sharedWith(db, billId) };
}

/** The active people of the departments picked; a department that does not exist is refused by name. */
async function peopleOfDepts(ctx: AppContext, db: Db, deptIds: readonly number[]): Promise<number[]> {
  if (deptIds.length === 0) return [];
  const { userIds, unknownDepts } = await activePeopleUnder(ctx, db, deptIds);
  if (unknownDepts.length > 0) throw new ValidationError({ dept_ids: [ApprovalMessages.shareDeptsMissing(unknownDepts)] });
  return userIds;
}

async function checkShareUsers(db: Db, userIds: readonly number[]): Promise<void> {
  const missing = await unpickable(db, userIds);
  if (missing.length > 0) throw new ValidationError({ user_ids: [ApprovalMessages.usersMissing(missing)] });
}

/**
 * PATCH /api/bills/{id}/share: the initiator or a bill administrator lets more users read a submitted bill, named
 * one by one or by department. Adds to the users it was shared with (a repeat changes nothing); answers all of them.
 */
export async function shareBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillShareResult> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillShareZ, body ?? {});
  const targets = { userIds: input.user_ids ?? [], deptIds: input.dept_ids ?? [] };
  await checkShareUsers(ctx.db, targets.userIds);
  return ctx.db.transaction().execute((trx) => shareOne(ctx, trx, caller, id, targets));
}

/** POST /api/bills/shares: several bills with the same users, in one transaction (one refusal writes nothing). */
export async function shareBills(ctx: AppContext, caller: Caller, body: unknown): Promise<BillShareResult[]> {
  const input = parse(BillSharesZ, body ?? {});
  await checkShareUsers(ctx.db, input.user_ids);
  return ctx.db.transaction().execute(async (trx) => {
    const results: BillShareResult[] = [];
    for (const id of [...new Set(input.bill_ids)])
      results.push(await shareOne(ctx, trx, caller, id, { userIds: input.user_ids, deptIds: [] }));
    return results;
  });
}

/**
 * GET /api/bills/{id}/shares: who the bill is shared with, read or not, for those who may share it (its initiator
 * and bill administrators); each entry says whether the caller may take it back.
 */
export async function listShares(ctx: AppContext, caller: Caller, params: unknown): Promise<BillShareEntry[]> {
  const { id } = parse(BillIdZ, params);
  const bill = await requireBill(ctx.db, id);
  await authorizeRead(ctx.db, caller, bill);
  if (!canShareBill(caller, bill)) throw new ForbiddenError(ApprovalMessages.shareForbidden);
  const rows = await repo.shareEntries(ctx.db, id);
  return rows.map((row) => ({
    user_id: row.user_id,
    user_name: row.user_name,
    dept_name: row.dept_name,
    shared_by: row.shared_by,
    shared_by_name: row.shared_by_name,
    shared_at: row.shared_at,
    read_at: row.read_at,
    ignored: row.ignored_at !== null,
    may_unshare: mayUnshare(caller, row.shared_by),
  }));
}

/**
 * PATCH /api/bills/{id}/unshare: the sharer takes their shares back (a bill administrator any share). One share the
 * caller may not take back refuses the whole call; users the bill is not shared with are no failure.
 */
export async function unshareBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillUnshareResult> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillUnshareZ, body ?? {});
  return ctx.db.transaction().execute(async (trx) => {
    const bill = await requireBill(trx, id);
    await authorizeRead(trx, caller, bill);
    if (!canShareBill(caller, bill)) throw new ForbiddenError(ApprovalMessages.shareForbidden);
    const sharers = await repo.sharersOf(trx, id, [...new Set(input.user_ids)]);
    if ([...sharers.values()].some((sharedBy) => !mayUnshare(caller, sharedBy))) throw new ForbiddenError(ShareMessages.unshareForbidden);
    const removed = [...sharers.keys()].sort((a, b) => a - b);
    await repo.unshare(trx, id, removed);
    return { bill_id: id, removed, user_ids: await repo.sharedWith(trx, id) };
  });
}

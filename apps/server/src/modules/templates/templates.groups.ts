import { ApprovalMessages, TemplateGroupInputZ, TemplateGroupSortZ, TemplateSortZ, type TemplateGroup } from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { changedFacts } from './templates.oplog';
import { authorizeTemplateAdmin, authorizeTemplateWrite, isTemplateAdmin } from './templates.policy';
import * as repo from './templates.repo';
import { deniedTemplateIds } from './templates.starters';

/**
 * Template groups (模板分组) and the order of groups and of the templates inside them. Every write is
 * logged as item type `template_group`.
 */

const GroupIdZ = z.object({
  id: z.coerce.number({ error: ApprovalMessages.groupNotFound }).int().positive(ApprovalMessages.groupNotFound),
});

/** Operation-log item type of groups; templates log as `template` or `iptv_template` (templates.oplog.ts). */
export const GROUP_ITEM = 'template_group';

/**
 * Per group, the templates the caller sees on the 发起审批 page: enabled ones they may start. An administrator
 * counts every template (their page lists disabled ones and those for other starters too).
 */
async function templateCounts(ctx: AppContext, db: Db, caller: Caller): Promise<Map<number, number>> {
  if (isTemplateAdmin(caller)) return repo.countTemplatesByGroup(db, 0, false);
  return repo.countTemplatesByGroup(db, 0, true, await deniedTemplateIds(ctx, db, caller));
}

export async function listGroups(ctx: AppContext, caller: Caller): Promise<TemplateGroup[]> {
  const [groups, counts] = await Promise.all([repo.listGroups(ctx.db), templateCounts(ctx, ctx.db, caller)]);
  return groups.map((g) => ({ ...g, template_count: counts.get(g.id) ?? 0 }));
}

export async function getGroup(ctx: AppContext, caller: Caller, params: unknown): Promise<TemplateGroup> {
  const { id } = parse(GroupIdZ, params);
  const group = await repo.findGroup(ctx.db, id);
  if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
  const counts = await templateCounts(ctx, ctx.db, caller);
  return { ...group, template_count: counts.get(id) ?? 0 };
}

export async function createGroup(ctx: AppContext, actor: Actor, body: unknown): Promise<TemplateGroup> {
  authorizeTemplateAdmin(actor.caller);
  const input = parse(TemplateGroupInputZ, body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findGroupByName(trx, input.name)) throw new ValidationError({ name: [ApprovalMessages.groupNameTaken(input.name)] });
    const created = await repo.insertGroup(trx, { name: input.name, sort: input.sort ?? 0, created_at: nowIso() });
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: created.id,
      action: 'create',
      summary: `新建模板分组「${created.name}」`,
      after: { name: created.name, sort: created.sort },
    });
    return created;
  });
  return { ...row, template_count: 0 };
}

export async function updateGroup(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<TemplateGroup> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(GroupIdZ, params);
  const input = parse(TemplateGroupInputZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id);
    if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
    const same = await repo.findGroupByName(trx, input.name);
    if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.groupNameTaken(input.name)] });
    const next = { name: input.name, sort: input.sort ?? group.sort };
    const change = changedFacts({ name: group.name, sort: group.sort }, next);
    if (change.keys.length === 0) return;
    await repo.updateGroup(trx, id, next);
    const clauses = [
      ...(change.keys.includes('name') ? [`改名为「${next.name}」`] : []),
      ...(change.keys.includes('sort') ? [`排序 ${group.sort} → ${next.sort}`] : []),
    ];
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: id,
      action: 'update',
      summary: `修改模板分组「${group.name}」：${clauses.join('，')}`,
      before: change.before,
      after: change.after,
    });
  });
  return getGroup(ctx, actor.caller, params);
}

export async function deleteGroup(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(GroupIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id);
    if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
    const count = (await repo.countTemplatesByGroup(trx, null, false)).get(id) ?? 0;
    if (count > 0) throw new ConflictError(ApprovalMessages.groupNotEmpty(count));
    await repo.deleteGroup(trx, id);
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: id,
      action: 'delete',
      summary: `删除模板分组「${group.name}」`,
      before: { name: group.name, sort: group.sort },
    });
  });
}

export async function requireGroup(db: Db, groupId: number): Promise<string> {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new ValidationError({ group_id: [ApprovalMessages.groupNotFound] });
  return group.name;
}

// ---------- order ----------

/**
 * POST /api/template/groups/sort: the listed groups take the first places in the order given; a group
 * left out keeps its place relative to the other left-out ones, after them. Logged once, as a sort of
 * the group list (item id 0: no single group is the subject).
 */
export async function sortGroups(ctx: AppContext, actor: Actor, body: unknown): Promise<TemplateGroup[]> {
  authorizeTemplateAdmin(actor.caller);
  const input = parse(TemplateGroupSortZ, body);
  if (new Set(input.ids).size !== input.ids.length) throw new ValidationError({ ids: [ApprovalMessages.groupSortInvalid] });
  await ctx.db.transaction().execute(async (trx) => {
    const groups = await repo.listGroups(trx);
    const known = new Set(groups.map((g) => g.id));
    const missing = input.ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ValidationError({ ids: [ApprovalMessages.groupSortUnknown(missing)] });
    const listed = new Set(input.ids);
    const order = [...input.ids, ...groups.filter((g) => !listed.has(g.id)).map((g) => g.id)];
    const byId = new Map(groups.map((g) => [g.id, g]));
    const names = (ids: readonly number[]) => ids.map((id) => byId.get(id)?.name ?? String(id));
    const before = groups.map((g) => g.id);
    if (JSON.stringify(before) === JSON.stringify(order)) return;
    for (const [index, id] of order.entries()) {
      const sort = (index + 1) * 10;
      if (byId.get(id)?.sort !== sort) await repo.setGroupSort(trx, id, sort);
    }
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: 0,
      action: 'sort',
      summary: `调整模板分组的顺序：${names(order).join('、')}`.slice(0, 500),
      before: { order: names(before) },
      after: { order: names(order) },
    });
  });
  return listGroups(ctx, actor.caller);
}

/**
 * Sets the order of the listed templates (and optionally moves them into one group). Logged once, on the
 * group (`template_group`, the target group or that of the first template); IPTV templates are named by id
 * there, since the group's history is read by template administrators without IPTV access too.
 */
export async function sortTemplates(ctx: AppContext, actor: Actor, body: unknown): Promise<void> {
  const caller = actor.caller;
  authorizeTemplateAdmin(caller);
  const input = parse(TemplateSortZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await repo.templatesForSort(trx, input.ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = input.ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError({ ids: [ApprovalMessages.sortUnknown(missing)] });
    for (const row of rows) authorizeTemplateWrite(caller, row.is_iptv === 1);
    const targetName = input.group_id !== undefined ? await requireGroup(trx, input.group_id) : undefined;
    for (const [index, id] of input.ids.entries()) {
      await repo.updateTemplate(trx, id, { sort: (index + 1) * 10, ...(input.group_id !== undefined ? { group_id: input.group_id } : {}) });
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const groups = new Map((await repo.listGroups(trx)).map((g) => [g.id, g.name]));
    const label = (r: (typeof rows)[number]) => (r.is_iptv === 1 ? `IPTV模板#${r.id}` : r.name);
    const ordered = input.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const groupId = input.group_id ?? ordered[0]?.group_id ?? 0;
    const groupName = targetName ?? groups.get(groupId) ?? '';
    const moved = input.group_id === undefined ? [] : ordered.filter((r) => r.group_id !== input.group_id);
    const oldOrder = [...ordered].sort((a, b) => a.group_id - b.group_id || a.sort - b.sort || a.id - b.id);
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: groupId,
      action: 'sort',
      summary:
        moved.length > 0
          ? `将 ${moved.length} 个模板移入分组「${groupName}」并调整顺序`
          : `调整分组「${groupName}」中 ${ordered.length} 个模板的顺序`,
      before: {
        order: oldOrder.map(label),
        ...(moved.length > 0 ? { moved_from: [...new Set(moved.map((r) => groups.get(r.group_id) ?? ''))] } : {}),
      },
      after: { order: ordered.map(label), ...(moved.length > 0 ? { moved_to: groupName } : {}) },
    });
  });
}

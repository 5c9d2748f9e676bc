import { DeptCreateZ, DeptLeaderZ, DeptMessages, DeptMoveZ, DeptRenameZ, UserStatus, type AdminDept } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorize } from './admin-org.policy';
import * as repo from './admin-depts.repo';
import { isSelfOrDescendant, reorder } from './tree';

const ITEM_TYPE = 'dept';

/** The whole tree with leaders, head counts and whether each department may be deleted. */
export async function getDeptTree(ctx: AppContext, caller: Caller): Promise<AdminDept[]> {
  authorize(caller, 'dept');
  const [rows, users] = await Promise.all([repo.listDeptRows(ctx.db), repo.countUsersByDept(ctx.db)]);
  const byId = new Map<number, AdminDept>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      parent_id: row.parent_id,
      leader_id: row.leader_id,
      leader_name: row.leader_name ?? '',
      sort: row.sort,
      user_count: users.get(row.id) ?? 0,
      abilities: { delete: true },
      delete_blocked_reason: '',
      children: [],
    });
  }
  const roots: AdminDept[] = [];
  for (const dept of byId.values()) {
    const parent = dept.parent_id === null ? undefined : byId.get(dept.parent_id);
    if (parent) parent.children.push(dept);
    else roots.push(dept);
  }
  for (const dept of byId.values()) {
    if (dept.children.length > 0 || dept.user_count > 0) {
      dept.abilities.delete = false;
      dept.delete_blocked_reason = DeptMessages.notEmpty(dept.children.length, dept.user_count);
    }
  }
  return roots;
}

async function requireDept(db: Db, id: number) {
  const dept = await repo.findDept(db, id);
  if (!dept) throw new NotFoundError();
  return dept;
}

async function requireParent(db: Db, parentId: number | null): Promise<string> {
  if (parentId === null) return '';
  const parent = await repo.findDept(db, parentId);
  if (!parent) throw new ValidationError({ parent_id: [DeptMessages.parentMissing] });
  return parent.name;
}

/** Names are unique among the children of one parent (two 研发组 under 技术部 would confuse everyone). */
async function assertNameFree(db: Db, parentId: number | null, name: string, exceptId?: number): Promise<void> {
  const siblings = await repo.listChildren(db, parentId);
  if (siblings.some((s) => s.name === name && s.id !== exceptId)) throw new ValidationError({ name: [DeptMessages.nameTaken(name)] });
}

export async function createDept(ctx: AppContext, actor: Actor, body: unknown): Promise<{ id: number }> {
  authorize(actor.caller, 'dept');
  const input = parse(DeptCreateZ, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const parentName = await requireParent(trx, input.parent_id);
    await assertNameFree(trx, input.parent_id, input.name);
    const siblings = await repo.listChildren(trx, input.parent_id);
    const sort = siblings.reduce((max, s) => Math.max(max, s.sort), 0) + 10;
    const newId = await repo.insertDept(trx, { name: input.name, parent_id: input.parent_id, sort });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: newId,
      action: 'create',
      summary: `新建部门「${input.name}」${parentName ? `（上级：${parentName}）` : '（顶级）'}`,
      after: { name: input.name, parent: parentName || null },
    });
    return newId;
  });
  return { id };
}

export async function renameDept(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'dept');
  const input = parse(DeptRenameZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const dept = await requireDept(trx, id);
    if (dept.name === input.name) return;
    await assertNameFree(trx, dept.parent_id, input.name, id);
    await repo.updateDept(trx, id, { name: input.name });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `部门「${dept.name}」改名为「${input.name}」`,
      before: { name: dept.name },
      after: { name: input.name },
    });
  });
}

/** Drag and drop: a new parent and a place among its children. */
export async function moveDept(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'dept');
  const input = parse(DeptMoveZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const dept = await requireDept(trx, id);
    if (isSelfOrDescendant(await repo.listTreeRows(trx), id, input.parent_id)) {
      throw new ValidationError({ parent_id: [DeptMessages.moveIntoItself] });
    }
    const isNewParent = dept.parent_id !== input.parent_id;
    const parentName = await requireParent(trx, input.parent_id);
    const oldParentName = isNewParent ? await requireParent(trx, dept.parent_id) : parentName;
    if (isNewParent) {
      await assertNameFree(trx, input.parent_id, dept.name, id);
      await repo.updateDept(trx, id, { parent_id: input.parent_id });
    }
    const siblings = await repo.listChildren(trx, input.parent_id);
    await repo.setSorts(trx, reorder(siblings, id, input.position));
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: isNewParent ? 'move' : 'sort',
      summary: isNewParent
        ? `部门「${dept.name}」从「${oldParentName || '顶级'}」移到「${parentName || '顶级'}」下`
        : `调整部门「${dept.name}」的顺序`,
      before: { parent: oldParentName || null },
      after: { parent: parentName || null, position: input.position },
    });
  });
}

/** The leader the flows use ("initiator's department leader"): an enabled user, or none. */
export async function setDeptLeader(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'dept');
  const input = parse(DeptLeaderZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const dept = await requireDept(trx, id);
    let leaderName = '';
    if (input.leader_id !== null) {
      const leader = await repo.findUser(trx, input.leader_id);
      if (!leader) throw new ValidationError({ leader_id: [DeptMessages.leaderMissing] });
      if (leader.status !== UserStatus.active) throw new ValidationError({ leader_id: [DeptMessages.leaderInactive] });
      leaderName = `${leader.name}（${leader.username}）`;
    }
    if (dept.leader_id === input.leader_id) return;
    const before = dept.leader_id === null ? null : await repo.findUser(trx, dept.leader_id);
    await repo.updateDept(trx, id, { leader_id: input.leader_id });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: leaderName ? `设置部门「${dept.name}」的负责人为 ${leaderName}` : `取消部门「${dept.name}」的负责人`,
      before: { leader: before ? `${before.name}（${before.username}）` : null },
      after: { leader: leaderName || null },
    });
  });
}

/** Only an empty department goes: people and sub-departments are never orphaned by a delete. */
export async function deleteDept(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  authorize(actor.caller, 'dept');
  await ctx.db.transaction().execute(async (trx) => {
    const dept = await requireDept(trx, id);
    const contents = await repo.countContents(trx, id);
    if (contents.children > 0 || contents.users > 0) throw new ConflictError(DeptMessages.notEmpty(contents.children, contents.users));
    await repo.deleteDept(trx, id);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除部门「${dept.name}」`,
      before: { name: dept.name },
    });
  });
}

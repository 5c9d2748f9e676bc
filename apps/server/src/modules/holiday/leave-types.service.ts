import { LEAVE_TYPES_MAX, LeaveTypeCreateZ, LeaveTypeIdZ, LeaveTypeMessages, LeaveTypeUpdateZ, type LeaveTypeAdmin } from '@osp/shared';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/constraints';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import * as repo from './leave.repo';
import { leaveTypeOf } from './leave.service';

/**
 * HR's leave types (docs/leave.md "Leave types"): every type with its rules and how many requests name it; a new type;
 * its rules changed or the type switched off. A request keeps whether it counted against the balance when it was
 * counted, so a changed rule never unbalances one in flight. Names are fixed once created (bills and requests name
 * the type); nothing is deleted.
 */

type Rules = z.infer<typeof LeaveTypeUpdateZ>;

function columnsOf(rules: Omit<Rules, 'name'>): repo.LeaveTypeColumns {
  return {
    counts_balance: rules.counts_balance ? 1 : 0,
    half_day: rules.half_day ? 1 : 0,
    attachment_over_days: rules.attachment_over_days,
    enabled: rules.enabled ? 1 : 0,
  };
}

function describe(rules: Omit<Rules, 'name'>): string {
  const attachment =
    rules.attachment_over_days === null
      ? '无需附件'
      : rules.attachment_over_days === 0
        ? '须附件'
        : `超过 ${rules.attachment_over_days} 天须附件`;
  return `${rules.counts_balance ? '占用年假额度' : '不占额度'}，${rules.half_day ? '可请半天' : '整天'}，${attachment}，${rules.enabled ? '启用' : '停用'}`;
}

async function allTypes(db: Db): Promise<LeaveTypeAdmin[]> {
  return (await repo.listAllTypesWithUse(db)).map((row) => ({
    ...leaveTypeOf(row),
    enabled: row.enabled === 1,
    request_count: Number(row.request_count ?? 0),
  }));
}

export async function listLeaveTypesForAdmin(ctx: AppContext, actor: Actor): Promise<LeaveTypeAdmin[]> {
  authorizeHolidayAdmin(actor.caller);
  return allTypes(ctx.db);
}

export async function createLeaveType(ctx: AppContext, actor: Actor, body: unknown): Promise<LeaveTypeAdmin> {
  authorizeHolidayAdmin(actor.caller);
  const input = parse(LeaveTypeCreateZ, body);
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if ((await repo.countTypes(trx)) >= LEAVE_TYPES_MAX) throw new ConflictError(LeaveTypeMessages.tooMany);
      if (await repo.findTypeByName(trx, input.name)) throw new ValidationError({ name: [LeaveTypeMessages.nameTaken(input.name)] });
      const created = await repo.insertType(trx, input.name, columnsOf(input));
      await recordOperation(trx, actor, {
        itemType: 'leave_type',
        itemId: created,
        action: 'create',
        summary: `新建请假类型「${input.name}」（${describe(input)}）`,
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two HR pages creating one name at the same moment: the unique name lets one in.
      if (isUniqueViolation(error)) throw new ValidationError({ name: [LeaveTypeMessages.nameTaken(input.name)] });
      throw error;
    });
  const created = (await allTypes(ctx.db)).find((type) => type.id === id);
  if (!created) throw new NotFoundError(LeaveTypeMessages.notFound);
  return created;
}

export async function updateLeaveType(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<LeaveTypeAdmin> {
  authorizeHolidayAdmin(actor.caller);
  const { id } = parse(LeaveTypeIdZ, params);
  const input = parse(LeaveTypeUpdateZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findType(trx, id);
    if (!row) throw new NotFoundError(LeaveTypeMessages.notFound);
    if (input.name !== undefined && input.name !== row.name) throw new ValidationError({ name: [LeaveTypeMessages.nameFixed] });
    const before = {
      counts_balance: row.counts_balance === 1,
      half_day: row.half_day === 1,
      attachment_over_days: row.attachment_over_days === null ? null : Number(row.attachment_over_days),
      enabled: row.enabled === 1,
    };
    await repo.updateType(trx, id, columnsOf(input));
    await recordOperation(trx, actor, {
      itemType: 'leave_type',
      itemId: id,
      action: 'update',
      summary: `修改请假类型「${row.name}」：${describe(input)}`,
      before: { rules: describe(before) },
      after: { rules: describe(input) },
    });
  });
  const updated = (await allTypes(ctx.db)).find((type) => type.id === id);
  if (!updated) throw new NotFoundError(LeaveTypeMessages.notFound);
  return updated;
}

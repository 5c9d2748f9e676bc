import {
  HolidayAdminMessages,
  LeaveAwayQueryZ,
  LeaveDetailsQueryZ,
  LeaveMessages,
  type HalfDay,
  type LeaveAway,
  type LeaveRecord,
  type LeaveScope,
  type LeaveScopes,
  type LeaveStatus,
  type Paged,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { ForbiddenError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { loadDeptIndex, type DeptIndex } from '../directory/dept-index';
import { isHolidayAdmin } from './holiday.policy';
import * as repo from './leave.repo';
import { presentRecord } from './leave.service';

/**
 * Who sees which leave (SPEC §7 GET /api/holiday/details, docs/holiday.md "Details and the team calendar"): everyone
 * their own; a department leader the people of the departments they lead, with their sub-departments; HR (holiday_admin)
 * everyone. The team calendar shows colleagues of one's own department as away, without the type.
 */

/** The departments a leader sees: those they lead with all below them. */
async function ledDepts(ctx: AppContext, caller: Caller, index: DeptIndex): Promise<number[]> {
  const led = await repo.deptsLedBy(ctx.db, caller.userId);
  return [...new Set(led.flatMap((id) => index.subtree(id)))];
}

export async function leaveScopes(ctx: AppContext, caller: Caller): Promise<LeaveScopes> {
  const scopes: LeaveScope[] = ['mine'];
  if ((await repo.deptsLedBy(ctx.db, caller.userId)).length > 0) scopes.push('team');
  if (isHolidayAdmin(caller)) scopes.push('all');
  return { scopes };
}

export async function listLeaveDetails(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<LeaveRecord>> {
  const input = parse(LeaveDetailsQueryZ, query);
  let userId: number | undefined;
  let deptIds: number[] | undefined;
  if (input.scope === 'mine') {
    userId = caller.userId;
  } else {
    const index = await loadDeptIndex(ctx);
    if (input.dept_id !== undefined && !index.has(input.dept_id))
      throw new ValidationError({ dept_id: [HolidayAdminMessages.deptMissing] });
    const asked = input.dept_id === undefined ? undefined : index.subtree(input.dept_id);
    if (input.scope === 'all') {
      if (!isHolidayAdmin(caller)) throw new ForbiddenError(LeaveMessages.scopeForbidden);
      deptIds = asked;
    } else {
      const led = await ledDepts(ctx, caller, index);
      if (led.length === 0) throw new ForbiddenError(LeaveMessages.scopeForbidden);
      const visible = new Set(led);
      if (asked && !asked.every((id) => visible.has(id))) throw new ForbiddenError(LeaveMessages.scopeForbidden);
      deptIds = asked ?? led;
    }
  }
  const { rows, total } = await repo.listRecords(ctx.db, {
    ...(userId !== undefined ? { userId } : {}),
    ...(deptIds !== undefined ? { deptIds } : {}),
    ...(input.year !== undefined ? { year: input.year } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.leave_type_id !== undefined ? { leaveTypeId: input.leave_type_id } : {}),
    ...(input.keyword ? { keyword: input.keyword } : {}),
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return { list: rows.map(presentRecord), total, page: input.page, per_page: input.per_page };
}

/**
 * GET /api/holiday/away?from&to[&dept_id]: who is away (applying or approved) in a span of at most 62 days. HR sees
 * everyone (or a department), a leader their departments and their own, staff their own department. The type shows
 * for one's own leave and to whoever may read the person's details (HR, their leader).
 */
export async function listAway(ctx: AppContext, caller: Caller, query: unknown): Promise<LeaveAway[]> {
  const input = parse(LeaveAwayQueryZ, query);
  const index = await loadDeptIndex(ctx);
  if (input.dept_id !== undefined && !index.has(input.dept_id)) throw new ValidationError({ dept_id: [HolidayAdminMessages.deptMissing] });
  const isAdmin = isHolidayAdmin(caller);
  const led = new Set(await ledDepts(ctx, caller, index));
  const own = caller.user.dept_id;
  const visible = isAdmin ? undefined : [...new Set([...led, ...(own !== null ? [own] : [])])];
  let deptIds = visible;
  if (input.dept_id !== undefined) {
    const asked = index.subtree(input.dept_id);
    if (visible && !asked.every((id) => visible.includes(id))) throw new ForbiddenError(LeaveMessages.scopeForbidden);
    deptIds = asked;
  }
  const rows = await repo.listAway(ctx.db, input.from, input.to, deptIds);
  return rows.map((row) => {
    const showsType = isAdmin || row.user_id === caller.userId || (row.dept_id !== null && led.has(row.dept_id));
    return {
      id: row.id,
      user_id: row.user_id,
      user_name: row.user_name,
      dept_name: row.dept_name ?? '',
      leave_type: showsType ? row.leave_type : null,
      start_day: row.start_day,
      start_half: row.start_half as HalfDay,
      end_day: row.end_day,
      end_half: row.end_half as HalfDay,
      days: Number(row.days),
      status: row.status as LeaveStatus,
    };
  });
}

import {
  addDays,
  oneWorkingDayAfter,
  shanghaiDay,
  PageQueryZ,
  PointAdjustZ,
  PointMessages,
  PointRankQueryZ,
  PointTrendQueryZ,
  POINT_SOURCES,
  type Paged,
  type PointAdjustResult,
  type PointLedgerEntry,
  type PointPeriod,
  type PointRank,
  type PointRankEntry,
  type PointSource,
  type PointTrend,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { activePeopleUnder, activeUserIds, userCards } from '../directory/directory.service';
import { loadWorkCalendar } from '../holiday/work-calendar.service';
import { getAllSettings } from '../settings/settings.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeAdjust, authorizeAdjustOf, authorizeRank, canAdjustPoints } from './points.policy';
import * as repo from './points.repo';

/**
 * 积分排行 (issue 15): awards, adjustments and the ranking. Awards are written by the module whose action earns
 * them, inside that action's transaction, through `awardOnce`; the ledger's unique key makes each source action
 * award once however many requests race (docs/decisions.md "Points").
 */

/** Asia/Shanghai keeps UTC+8 all year (DESIGN §4): a calendar month there starts at 16:00 UTC the day before. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

function shanghaiMonth(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);
}

function monthStartIso(year: number, month: number): string {
  // Date.UTC rolls month 13 over into the next year.
  return new Date(Date.UTC(year, month - 1, 1) - SHANGHAI_OFFSET_MS).toISOString();
}

const monthText = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The months of the period holding `at` (YYYY-MM) and its instants [from, to). */
export function periodBounds(period: PointPeriod, at: string) {
  const year = Number(at.slice(0, 4));
  const month = Number(at.slice(5, 7));
  const first = period === 'month' ? month : period === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : 1;
  const count = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  return {
    fromMonth: monthText(year, first),
    toMonth: monthText(year, first + count - 1),
    fromIso: monthStartIso(year, first),
    toIso: monthStartIso(year, first + count),
  };
}

export interface Award {
  userId: number;
  points: number;
  reason: string;
  sourceKind: Exclude<PointSource, 'adjust'>;
  sourceId: number;
}

/**
 * Awards points for one source action unless this person already had them for it; call inside the action's
 * transaction (pass it as `db`). Points of 0 (the setting turned off) write nothing. Returns whether it awarded.
 */
export async function awardOnce(db: Db, award: Award): Promise<boolean> {
  if (award.points === 0) return false;
  return repo.insertAwardOnce(db, { ...award, createdBy: null, createdAt: nowIso() });
}

/** The points a source action earns, from the settings (read before the action's transaction: SQLite has one connection). */
export async function awardValue(ctx: AppContext, kind: Award['sourceKind']): Promise<number> {
  const settings = await getAllSettings(ctx);
  switch (kind) {
    case 'article_confirm':
      return settings.point_article_confirm;
    case 'approval_timely':
      return settings.point_approval_timely;
    case 'survey_answer':
      return settings.point_survey_answer;
  }
}

const DAY_MS = 24 * 3600_000;
/** Days of calendar read past the arrival: enough for the longest run of days off (春节 with its weekends). */
const CALENDAR_LOOKAHEAD_DAYS = 40;

/**
 * Whether a decision came no later than one working day after the task arrived: the same clock time on the next
 * working day of the work calendar (issue 17: weekends, public holidays, make-up workdays). Within 24 hours is always
 * in time, so the calendar is read only for the decisions that wait longer.
 */
async function isTimely(db: Db, arrivedAt: Date, decidedAt: Date): Promise<boolean> {
  if (decidedAt.getTime() - arrivedAt.getTime() <= DAY_MS) return true;
  const day = shanghaiDay(arrivedAt);
  const calendar = await loadWorkCalendar(db, addDays(day, 1), addDays(day, CALENDAR_LOOKAHEAD_DAYS));
  return decidedAt.getTime() <= oneWorkingDayAfter(arrivedAt, calendar).getTime();
}

/**
 * Task ids are `{bill}-t{n}` (the engine's idGenerator); the ledger keys them as one number. An id beyond that shape
 * (n of a million or more) has no key and earns nothing: a decision never fails for the sake of a point.
 */
export function taskSourceId(taskId: string): number | null {
  const match = /^(\d{1,9})-t(\d{1,6})$/.exec(taskId);
  return match ? Number(match[1]) * 1_000_000 + Number(match[2]) : null;
}

/** What the approval engine tells about one handler's own decision (agree, reject or back) on one task. */
export interface HandledTask {
  taskId: string;
  billTitle: string;
  /** Who acted: the acting handler (a delegate or transferee included). */
  userId: number;
  /** When the task became the handler's to decide, and when they decided. */
  arrivedAt: string;
  decidedAt: string;
}

/**
 * 及时审批: a handler who decides a task no later than one working day after it arrived earns `points` (the setting
 * point_approval_timely, read before the transaction), once per task. Call inside the decision's transaction.
 */
export async function awardTimelyApproval(db: Db, points: number, task: HandledTask): Promise<boolean> {
  const sourceId = taskSourceId(task.taskId);
  if (sourceId === null) return false;
  if (!(await isTimely(db, new Date(task.arrivedAt), new Date(task.decidedAt)))) return false;
  return awardOnce(db, {
    userId: task.userId,
    points,
    reason: `及时审批《${task.billTitle}》`.slice(0, 200),
    sourceKind: 'approval_timely',
    sourceId,
  });
}

/** Competition ranking: equal totals share a place and the next place skips (1, 1, 3). Highest first, then by id. */
function ranked(totals: { user_id: number; points: number }[]): { user_id: number; points: number; rank: number }[] {
  const sorted = [...totals].sort((a, b) => b.points - a.points || a.user_id - b.user_id);
  let rank = 0;
  return sorted.map((row, index) => {
    if (index === 0 || sorted[index - 1]?.points !== row.points) rank = index + 1;
    return { ...row, rank };
  });
}

/**
 * GET /api/points/rank. The totals are per person over the period; with `dept_id`, only the active people of that
 * department and its sub-departments (the directory's walk). People who left are not ranked. The company is
 * small enough (thousands) to rank in memory: one grouped query, then the page.
 */
export async function getRank(ctx: AppContext, caller: Caller, query: unknown): Promise<PointRank> {
  authorizeRank(caller);
  const input = parse(PointRankQueryZ, query);
  const bounds = periodBounds(input.period, input.at ?? shanghaiMonth(new Date()));
  let totals = await repo.totalsBetween(ctx.db, bounds.fromIso, bounds.toIso);
  let allowed: Set<number>;
  if (input.dept_id !== undefined) {
    const under = await activePeopleUnder(ctx, ctx.db, [input.dept_id]);
    if (under.unknownDepts.length > 0) throw new ValidationError({ dept_id: [PointMessages.deptUnknown] });
    allowed = new Set(under.userIds);
  } else {
    allowed = await activeUserIds(
      ctx.db,
      totals.map((t) => t.user_id),
    );
  }
  totals = totals.filter((t) => allowed.has(t.user_id));
  const places = ranked(totals);
  const start = (input.page - 1) * input.per_page;
  const page = places.slice(start, start + input.per_page);
  const cards = await userCards(
    ctx.db,
    page.map((p) => p.user_id),
  );
  const list: PointRankEntry[] = page.map((p) => ({
    rank: p.rank,
    user_id: p.user_id,
    name: cards.get(p.user_id)?.name ?? '',
    dept_name: cards.get(p.user_id)?.dept_name ?? '',
    points: p.points,
    top: p.rank <= 3,
  }));
  const mine = places.find((p) => p.user_id === caller.userId);
  return {
    list,
    total: places.length,
    page: input.page,
    per_page: input.per_page,
    period: input.period,
    from: bounds.fromMonth,
    to: bounds.toMonth,
    me: mine ? { rank: mine.rank, points: mine.points } : { rank: null, points: 0 },
    abilities: { adjust: canAdjustPoints(caller) },
  };
}

/**
 * GET /api/points/trend: my points per Asia/Shanghai month for the last `months` months (this one included), oldest
 * first, empty months as 0, with my running total to the end of each month (everything before the window included).
 */
export async function getTrend(ctx: AppContext, caller: Caller, query: unknown): Promise<PointTrend> {
  authorizeRank(caller);
  const { months: count } = parse(PointTrendQueryZ, query);
  const [year, month] = shanghaiMonth(new Date()).split('-').map(Number) as [number, number];
  const firstIndex = year * 12 + (month - 1) - (count - 1);
  const months = Array.from({ length: count }, (_, i) => monthText(Math.floor((firstIndex + i) / 12), ((firstIndex + i) % 12) + 1));
  const fromIso = monthStartIso(Math.floor(firstIndex / 12), (firstIndex % 12) + 1);
  const toIso = monthStartIso(year, month + 1);
  const [before, rows] = await Promise.all([
    repo.totalBefore(ctx.db, caller.userId, fromIso),
    repo.pointsBetween(ctx.db, caller.userId, fromIso, toIso),
  ]);
  const perMonth = new Map<string, number>();
  for (const row of rows) {
    const key = shanghaiMonth(new Date(row.created_at));
    perMonth.set(key, (perMonth.get(key) ?? 0) + row.points);
  }
  let total = before;
  return {
    months: months.map((m) => {
      const points = perMonth.get(m) ?? 0;
      total += points;
      return { month: m, points, total };
    }),
  };
}

/** GET /api/points/mine: my ledger, newest first. */
export async function findMyPoints(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<PointLedgerEntry>> {
  authorizeRank(caller);
  const { page, per_page } = parse(PageQueryZ, query);
  const [{ n }, rows] = await Promise.all([
    repo.countLedger(ctx.db, caller.userId),
    repo.listLedger(ctx.db, caller.userId, per_page, (page - 1) * per_page),
  ]);
  return {
    list: rows.map((r) => {
      const source: PointSource = r.source_kind in POINT_SOURCES ? (r.source_kind as PointSource) : 'adjust';
      return {
        id: r.id,
        points: r.points,
        reason: r.reason,
        source,
        source_label: POINT_SOURCES[source],
        created_at: new Date(r.created_at).toISOString(),
      };
    }),
    total: Number(n),
    page,
    per_page,
  };
}

/** POST /api/points/adjust: an administrator adds or deducts points with a reason; logged under the person. */
export async function adjustPoints(ctx: AppContext, actor: Actor, body: unknown): Promise<PointAdjustResult & { message: string }> {
  authorizeAdjust(actor.caller);
  const input = parse(PointAdjustZ, body);
  authorizeAdjustOf(actor.caller, input.user_id);
  const active = await activeUserIds(ctx.db, [input.user_id]);
  if (!active.has(input.user_id)) throw new ValidationError({ user_id: [PointMessages.userUnknown] });
  const name = (await userCards(ctx.db, [input.user_id])).get(input.user_id)?.name ?? String(input.user_id);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertAdjustment(trx, {
      userId: input.user_id,
      points: input.points,
      reason: input.reason,
      sourceKind: 'adjust',
      sourceId: null,
      createdBy: actor.caller.userId,
      createdAt: nowIso(),
    });
    await recordOperation(trx, actor, {
      itemType: 'point',
      itemId: input.user_id,
      action: 'adjust_points',
      summary: `为「${name}」${input.points > 0 ? '增加' : '扣减'} ${Math.abs(input.points)} 分：${input.reason}`,
      after: { ledger_id: created, points: input.points, reason: input.reason },
    });
    return created;
  });
  return { id, user_id: input.user_id, points: input.points, message: PointMessages.adjusted(name, input.points) };
}

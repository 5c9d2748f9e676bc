import {
  SURVEY_ASSIGNMENT_STATES,
  SurveyAdminTexts,
  SurveyIdQueryZ,
  SurveyPersonQueryZ,
  SurveyTargetsInputZ,
  type Paged,
  type SurveyAssignmentState,
  type SurveyPersonItem,
  type SurveyTargetView,
  type TemplateRoleOption,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { parse } from '../../http/validate';
import { listRoles, personRows } from '../directory/directory.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeSurveyAdmin } from './surveys.policy';
import * as repo from './surveys.repo';
import { ITEM_TYPE, kindOf, requireSurvey, requireSurveyForUpdate } from './surveys.service';
import { checkTargets, normalizeTargets, resolveAssignments, resolveTargetUsers, targetViews } from './surveys.targets';

/**
 * Whom a survey asks (/api/survey/target, /targetid, /person, /roles; issue 16), for holders of survey_admin: the
 * targets as rules, whom they name now, the people a release assigned, and the roles 填写范围 may name. Resolving the
 * targets through the directory is surveys.targets.
 */

/** POST /api/survey/target: replaces the survey's targets; each department, role and person must exist (people active). */
export async function saveTargets(ctx: AppContext, actor: Actor, body: unknown): Promise<SurveyTargetView[]> {
  authorizeSurveyAdmin(actor.caller);
  const input = parse(SurveyTargetsInputZ, body);
  const targets = normalizeTargets(input.targets);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurveyForUpdate(trx, input.survey_id);
    await checkTargets(trx, targets);
    const before = await repo.targetsOf(trx, row.id);
    await repo.replaceTargets(trx, row.id, targets);
    await repo.updateSurvey(trx, row.id, { updated_at: nowIso() });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: row.id,
      action: 'update_targets',
      summary: SurveyAdminTexts.log.targets(row.name),
      before: { targets: before },
      after: { targets },
    });
    return targetViews(ctx, trx, await repo.targetsOf(trx, row.id));
  });
}

export async function listTargets(ctx: AppContext, caller: Caller, query: unknown): Promise<SurveyTargetView[]> {
  authorizeSurveyAdmin(caller);
  const { survey_id: id } = parse(SurveyIdQueryZ, query);
  const row = await requireSurvey(ctx.db, id);
  return targetViews(ctx, ctx.db, await repo.targetsOf(ctx.db, row.id));
}

/** GET /api/survey/targetid: whom the targets name now (an evaluation: its raters). */
export async function targetUserIds(ctx: AppContext, caller: Caller, query: unknown): Promise<{ user_ids: number[] }> {
  authorizeSurveyAdmin(caller);
  const { survey_id: id } = parse(SurveyIdQueryZ, query);
  const row = await requireSurvey(ctx.db, id);
  return { user_ids: await resolveTargetUsers(ctx, ctx.db, await repo.targetsOf(ctx.db, row.id)) };
}

function stateOf(value: string): SurveyAssignmentState {
  return (SURVEY_ASSIGNMENT_STATES as readonly string[]).includes(value) ? (value as SurveyAssignmentState) : 'pending';
}

/**
 * GET /api/survey/person: before the first release, whom a release would assign now (no state yet); after it, the
 * assignments as the releases snapshotted them, with their state and last reminder. Filtered and paged here: a
 * survey asks at most the company's people, and the names come from the directory.
 */
export async function findPeople(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<SurveyPersonItem>> {
  authorizeSurveyAdmin(caller);
  const input = parse(SurveyPersonQueryZ, query);
  const row = await requireSurvey(ctx.db, input.survey_id);
  type Entry = Pick<SurveyPersonItem, 'user_id' | 'ratee_id' | 'state' | 'submitted_at' | 'reminded_at'>;
  let entries: Entry[];
  if (row.version_id === null) {
    const resolved = await resolveAssignments(ctx, ctx.db, kindOf(row.kind), await repo.targetsOf(ctx.db, row.id));
    entries = resolved.map((a) => ({ user_id: a.userId, ratee_id: a.rateeId, state: null, submitted_at: null, reminded_at: null }));
  } else {
    entries = (await repo.assignmentsOf(ctx.db, row.id)).map((a) => ({
      user_id: a.user_id,
      ratee_id: a.ratee_id,
      state: stateOf(a.state),
      submitted_at: a.submitted_at,
      reminded_at: a.reminded_at,
    }));
  }
  if (input.state !== undefined) entries = entries.filter((e) => e.state === input.state);
  const people = new Map(
    (await personRows(ctx.db, [...new Set(entries.flatMap((e) => (e.ratee_id > 0 ? [e.user_id, e.ratee_id] : [e.user_id])))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const keyword = input.keyword?.toLowerCase();
  const items = entries.flatMap((e): SurveyPersonItem[] => {
    const person = people.get(e.user_id);
    if (!person) return [];
    if (keyword && !person.name.toLowerCase().includes(keyword) && !person.username.toLowerCase().includes(keyword)) return [];
    return [
      {
        ...e,
        name: person.name,
        username: person.username,
        dept_id: person.dept_id,
        dept_name: person.dept_name,
        ratee_name: e.ratee_id > 0 ? (people.get(e.ratee_id)?.name ?? null) : null,
      },
    ];
  });
  const start = (input.page - 1) * input.per_page;
  return { list: items.slice(start, start + input.per_page), total: items.length, page: input.page, per_page: input.per_page };
}

/**
 * GET /api/survey/roles: the roles a survey's 填写范围 may name, for its administrators. The article and template lists
 * need article_admin or template_admin, which a survey administrator need not hold.
 */
export async function listTargetRoles(ctx: AppContext, caller: Caller): Promise<TemplateRoleOption[]> {
  authorizeSurveyAdmin(caller);
  return listRoles(ctx.db);
}

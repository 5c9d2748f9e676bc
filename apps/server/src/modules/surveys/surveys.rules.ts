import { SurveyAdminTexts, SurveyApiMessages, SurveyIdParamZ, SurveyRuleIdQueryZ, SurveyRuleZ, type SurveyRule } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeSurveyAdmin } from './surveys.policy';
import * as repo from './surveys.repo';
import { checkDefinition, ITEM_TYPE, requireSurvey, requireSurveyForUpdate, workingCopy } from './surveys.service';

/**
 * A survey's logic rules (/api/surveys/{id}/rules, issue 16): one rule at a time in the working copy, for holders of
 * survey_admin; the designer also saves them with the whole definition (surveys.service saveSurvey).
 */

export async function listRules(ctx: AppContext, caller: Caller, params: unknown): Promise<SurveyRule[]> {
  authorizeSurveyAdmin(caller);
  const { id } = parse(SurveyIdParamZ, params);
  return workingCopy(await requireSurvey(ctx.db, id)).rules;
}

type RuleChange = 'add' | 'update' | 'delete';

/**
 * The rule calls change the working copy's `rules` only. An added or replaced rule is checked with the whole
 * definition (a rule may only look at earlier questions, jump forward, and so on: SurveyDefinitionZ), its problems
 * keyed `definition.rules.<n>…` as a save's are. Removing a rule cannot break another, so a delete is stored as is.
 */
async function changeRules(
  ctx: AppContext,
  actor: Actor,
  id: number,
  change: RuleChange,
  apply: (rules: SurveyRule[]) => { rules: SurveyRule[]; before: SurveyRule | null; after: SurveyRule | null },
): Promise<SurveyRule[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurveyForUpdate(trx, id);
    const current = workingCopy(row);
    const { rules, before, after } = apply(current.rules);
    const next = change === 'delete' ? { ...current, rules } : checkDefinition({ ...current, rules });
    await repo.updateSurvey(trx, id, { definition: JSON.stringify(next), updated_at: nowIso() });
    const summary = { add: SurveyAdminTexts.log.addRule, update: SurveyAdminTexts.log.updateRule, delete: SurveyAdminTexts.log.deleteRule }[
      change
    ];
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: `${change}_rule`,
      summary: summary(row.name),
      before: before === null ? null : { rule: before },
      after: after === null ? null : { rule: after },
    });
    return next.rules;
  });
}

function indexOfRule(rules: readonly SurveyRule[], ruleId: string): number {
  const index = rules.findIndex((r) => r.id === ruleId);
  if (index < 0) throw new NotFoundError(SurveyApiMessages.ruleNotFound);
  return index;
}

/** POST /api/surveys/{id}/rules: one rule, appended. */
export async function addRule(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<SurveyRule[]> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const rule = parse(SurveyRuleZ, body);
  return changeRules(ctx, actor, id, 'add', (rules) => ({ rules: [...rules, rule], before: null, after: rule }));
}

/** PUT /api/surveys/{id}/rules: one rule, replacing the one with its id. */
export async function updateRule(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<SurveyRule[]> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const rule = parse(SurveyRuleZ, body);
  return changeRules(ctx, actor, id, 'update', (rules) => {
    const index = indexOfRule(rules, rule.id);
    return { rules: rules.map((r, i) => (i === index ? rule : r)), before: rules[index] ?? null, after: rule };
  });
}

/** DELETE /api/surveys/{id}/rules?rule_id=. */
export async function deleteRule(ctx: AppContext, actor: Actor, params: unknown, query: unknown): Promise<SurveyRule[]> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const { rule_id: ruleId } = parse(SurveyRuleIdQueryZ, query);
  return changeRules(ctx, actor, id, 'delete', (rules) => {
    const index = indexOfRule(rules, ruleId);
    return { rules: rules.filter((_, i) => i !== index), before: rules[index] ?? null, after: null };
  });
}

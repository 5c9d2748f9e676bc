import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { SURVEY_ASSIGNMENT_STATES, SurveyIdQueryZ, type SurveyAssignmentState } from './survey-api';

/**
 * The survey administration's shapes and words beyond survey-api.ts (issue 16, docs/surveys-api.md
 * "Administration"): the people list's query and rows, a rule's id in a query, and the words of the
 * operation log and of a copy.
 */

export const SurveyAdminMessages = {
  /** A released survey's answers were given to a survey of its kind (问卷 or 评价). */
  kindLocked: '问卷发布后不能更改类型（问卷 / 评价）',
  keywordTooLong: '搜索关键字不能超过 50 个字',
  stateInvalid: '填写状态须为 pending（未填写）、draft（已暂存）或 submitted（已提交）',
  statusChanged: '状态已更改',
  replicated: '已复制',
  targetsSaved: '填写范围已保存',
} as const;

/** GET /api/survey/person: before the first release the people the targets name now, after it the assignments. */
export const SurveyPersonQueryZ = SurveyIdQueryZ.extend(PageQueryZ.shape).extend({
  keyword: z.string().trim().max(50, SurveyAdminMessages.keywordTooLong).optional(),
  state: z.enum(SURVEY_ASSIGNMENT_STATES, { error: SurveyAdminMessages.stateInvalid }).optional(),
});
export type SurveyPersonQuery = z.infer<typeof SurveyPersonQueryZ>;

export interface SurveyPersonItem {
  user_id: number;
  name: string;
  username: string;
  dept_id: number | null;
  dept_name: string | null;
  /** An evaluation's person rated (0 and null for a survey). */
  ratee_id: number;
  ratee_name: string | null;
  /** Null before the first release: nobody is assigned yet. */
  state: SurveyAssignmentState | null;
  submitted_at: string | null;
  reminded_at: string | null;
}

/** The rule a PUT or DELETE of /api/surveys/{id}/rules names (`?rule_id=` on a DELETE). */
export const SurveyRuleIdQueryZ = z.object({ rule_id: z.string().max(64).default('') });

/**
 * Words of the operation log's summaries and of a copy's name. UI words shown as text (the 操作日志 drawer), never
 * as HTML, so the names are placed as typed.
 */
export const SurveyAdminTexts = {
  /** Added to a copy's name (POST /api/surveys/{id}/replication). */
  copySuffix: '（副本）',
  log: {
    create: (name: string) => `新建问卷「${name}」`,
    update: (name: string) => `修改问卷「${name}」`,
    delete: (name: string) => `删除问卷「${name}」`,
    release: (name: string, versionNo: number) => `发布问卷「${name}」（第 ${versionNo} 版）`,
    unrelease: (name: string) => `暂停收集问卷「${name}」`,
    replicate: (name: string, copyId: number) => `复制问卷「${name}」为新问卷（编号 ${copyId}）`,
    replicatedFrom: (name: string, sourceId: number) => `由问卷（编号 ${sourceId}）复制出问卷「${name}」`,
    status: (name: string) => `更改问卷「${name}」的状态`,
    deadline: (name: string) => `更改问卷「${name}」的截止时间`,
    addRule: (name: string) => `为问卷「${name}」添加规则`,
    updateRule: (name: string) => `修改问卷「${name}」的规则`,
    deleteRule: (name: string) => `删除问卷「${name}」的规则`,
    targets: (name: string) => `设置问卷「${name}」的填写范围`,
  },
} as const;

import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { PageQueryZ } from '../common/paging';
import { SurveyAnswersZ, type SurveyAnswers } from './survey-answers';
import { SURVEY_KINDS, SURVEY_TITLE_MAX, SURVEY_DESCRIPTION_MAX, type SurveyDefinition, type SurveyKind } from './survey-model';

/*
 * The survey area's HTTP contract (issue 16, SPEC §7 Survey, docs/surveys-api.md): what the server accepts and
 * answers and what the web app sends and reads. JSON fields are snake_case as everywhere else (DESIGN §4).
 */

/** surveys.status. SPEC §4: a new survey starts at 0. 1 collects answers; 2 has ended (by hand or at its deadline). */
export const SurveyStatus = { draft: 0, collecting: 1, closed: 2 } as const;
export type SurveyStatus = (typeof SurveyStatus)[keyof typeof SurveyStatus];
export const SURVEY_STATUS_LABELS: Record<SurveyStatus, string> = { 0: '未发布', 1: '收集中', 2: '已结束' };

/**
 * A survey closes itself at its deadline: a collecting survey whose deadline has passed reads as closed everywhere
 * (lists, fill, results), without a job that flips the column (docs/surveys-api.md "Status").
 */
export function effectiveSurveyStatus(status: number, deadline: string | null, now: Date): SurveyStatus {
  if (status === SurveyStatus.collecting && deadline !== null && new Date(deadline).getTime() <= now.getTime()) return SurveyStatus.closed;
  return status === SurveyStatus.collecting
    ? SurveyStatus.collecting
    : status === SurveyStatus.closed
      ? SurveyStatus.closed
      : SurveyStatus.draft;
}

/** survey_assignments.state: a targeted person's progress. */
export const SURVEY_ASSIGNMENT_STATES = ['pending', 'draft', 'submitted'] as const;
export type SurveyAssignmentState = (typeof SURVEY_ASSIGNMENT_STATES)[number];
export const SURVEY_ASSIGNMENT_STATE_LABELS: Record<SurveyAssignmentState, string> = {
  pending: '未填写',
  draft: '已暂存',
  submitted: '已提交',
};

/** How many targets of each kind (departments, roles, people, exclusions together) a survey may name. */
export const SURVEY_TARGETS_MAX = 2000;
/** A public named fill's name field. */
export const SURVEY_RESPONDENT_NAME_MAX = 50;
/**
 * Public submissions one address may make to one survey in a minute: a whole office behind one gateway filling a
 * public survey stays far below it; a script filling the table does not.
 */
export const SURVEY_PUBLIC_FILLS_PER_MINUTE = 60;
/**
 * Files one address may upload through one survey's public link in a minute (docs/surveys-api.md "Public uploads"):
 * a form's file questions hold at most 20 files each, so a person never comes near it; a script filling the disk does.
 */
export const SURVEY_PUBLIC_UPLOADS_PER_MINUTE = 30;

/** GET /api/publish/share/{id}/depts: a department as the public department question offers it (no leader, no people). */
export interface SurveyPublicDept {
  id: number;
  name: string;
  parent_id: number | null;
}
/** A public results link lives at most this many days. */
export const SURVEY_RESULT_LINK_DAYS_MAX = 365;

export const SurveyApiMessages = {
  notFound: '问卷不存在或已被删除',
  kindInvalid: '问卷类型须为 survey（问卷）或 evaluation（评价）',
  nameRequired: '请填写问卷标题',
  nameTooLong: `问卷标题不能超过 ${SURVEY_TITLE_MAX} 个字`,
  descriptionTooLong: `问卷说明不能超过 ${SURVEY_DESCRIPTION_MAX} 个字`,
  deadlineInvalid: '请填写正确的截止时间',
  deadlinePassed: '截止时间须晚于现在',
  statusInvalid: '状态须为 0（未发布）、1（收集中）或 2（已结束）',
  /** Release of a survey that already collects. */
  alreadyReleased: '问卷已发布，无需再次发布',
  notReleased: '问卷未发布',
  /** Release with no one to ask and no public link. */
  noTargets: '请先设置填写范围（部门、角色或人员），或开启公开链接',
  targetsEmpty: '填写范围内没有在职人员，请调整填写范围',
  targetsTooMany: `填写范围最多 ${SURVEY_TARGETS_MAX} 项`,
  targetKindInvalid: '填写范围的类型须为 dept（部门）、role（角色）或 user（人员）',
  deptsMissing: (ids: readonly number[]) => `部门不存在：${ids.map(escapeHtml).join('、')}`,
  rolesMissing: (ids: readonly number[]) => `角色不存在：${ids.map(escapeHtml).join('、')}`,
  usersMissing: (ids: readonly number[]) => `人员不存在或已停用：${ids.map(escapeHtml).join('、')}`,
  /** Delete of a survey somebody has answered: its answers would go with it. */
  deleteAnswered: (count: number) => `已有 ${escapeHtml(count)} 份答卷，不能删除；可将问卷结束`,
  ruleNotFound: '规则不存在或已被删除',
  // Filling.
  fillNotReleased: '问卷尚未发布或已暂停收集，暂时不能填写',
  fillClosed: '问卷已结束，不能再填写',
  fillAlready: '您已提交过此问卷',
  fillNotTargeted: '您不在此问卷的填写范围内',
  fillNotPublic: '此问卷不对外公开，请登录后填写',
  fillNotEditable: '此问卷提交后不能修改',
  /** The page opens the new version with what was typed (ids are stable), so the message asks to check, not to start over. */
  fillVersionChanged: '问卷已更新为最新版本，已保留您填写的答案，请检查后重新提交',
  publicTooMany: '提交过于频繁，请稍后再试',
  /** POST /api/publish/share/{id}/files past SURVEY_PUBLIC_UPLOADS_PER_MINUTE. */
  publicUploadTooMany: '上传过于频繁，请稍后再试',
  /**
   * A public fill's file that was not uploaded through this survey's link, is answered by another response already, or
   * stands in two questions of one submission.
   */
  shareFileRefused: (title: string) => `题目「${escapeHtml(title)}」的文件不存在、已被使用或不是通过本问卷上传的，请重新上传`,
  respondentNameRequired: '请填写您的姓名',
  respondentNameTooLong: `姓名不能超过 ${SURVEY_RESPONDENT_NAME_MAX} 个字`,
  // Results.
  resultsAnonymous: '匿名问卷不能查看个人答卷',
  resultLinkInvalid: '结果链接无效或已过期',
  remindNone: '没有需要提醒的人员（今天已提醒过的人不会重复提醒）',
  saved: '已保存',
  released: '已发布',
  unreleased: '已暂停收集',
  submitted: '提交成功，感谢您的参与',
  deleted: '已删除',
} as const;

const IdZ = z.coerce
  .number({ error: SurveyApiMessages.notFound })
  .int(SurveyApiMessages.notFound)
  .positive(SurveyApiMessages.notFound)
  .max(2_147_483_647, SurveyApiMessages.notFound);

/** A survey id in a path or a query (`survey_id`). */
export const SurveyIdParamZ = z.object({ id: IdZ });
export const SurveyIdQueryZ = z.object({ survey_id: IdZ });

/** Optional ISO 8601 time: '' and null mean none; kept as the instant (toISOString). */
export const SurveyDeadlineZ = z
  .union([z.string(), z.null()], { error: SurveyApiMessages.deadlineInvalid })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) {
      ctx.addIssue({ code: 'custom', message: SurveyApiMessages.deadlineInvalid });
      return z.NEVER;
    }
    return time.toISOString();
  });

/** GET /api/surveys: the administrators' list. */
export const SurveyListQueryZ = PageQueryZ.extend({
  keyword: z.string().trim().max(50, '搜索关键字不能超过 50 个字').optional(),
  status: z.coerce.number().int().min(0).max(2, SurveyApiMessages.statusInvalid).optional(),
  kind: z.enum(SURVEY_KINDS, { error: SurveyApiMessages.kindInvalid }).optional(),
});
export type SurveyListQuery = z.infer<typeof SurveyListQueryZ>;

export interface SurveyListItem {
  id: number;
  kind: SurveyKind;
  name: string;
  /** Effective: a collecting survey past its deadline reads 2. */
  status: SurveyStatus;
  deadline: string | null;
  /** Released versions so far (0: never released). */
  version_no: number;
  /** People asked (assignments), those who submitted, and answered / targeted as a whole percentage (null: nobody asked). */
  targeted: number;
  answered: number;
  completion: number | null;
  /** Every response, public and anonymous ones included. */
  responses: number;
  created_by_name: string | null;
  updated_at: string;
}

/** POST /api/surveys: a new survey starts at status 0 with one empty page (SPEC §4). */
export const SurveyCreateZ = z.object({
  kind: z.enum(SURVEY_KINDS, { error: SurveyApiMessages.kindInvalid }).default('survey'),
  name: z
    .string({ error: SurveyApiMessages.nameRequired })
    .trim()
    .min(1, SurveyApiMessages.nameRequired)
    .max(SURVEY_TITLE_MAX, SurveyApiMessages.nameTooLong),
  description: z.string().max(SURVEY_DESCRIPTION_MAX, SurveyApiMessages.descriptionTooLong).default(''),
  deadline: SurveyDeadlineZ,
});
export type SurveyCreate = z.infer<typeof SurveyCreateZ>;

/**
 * PUT /api/surveys/{id}: saves the working copy. `definition` is checked with SurveyDefinitionZ on the server; its
 * problems come back as 422 field errors under `definition.` + the zod path (e.g. `definition.pages.0.questions.2.title`).
 * The survey's name and description are the definition's title and description.
 */
export const SurveySaveZ = z.object({
  definition: z.unknown(),
  deadline: SurveyDeadlineZ,
});

export const SURVEY_TARGET_KINDS = ['dept', 'role', 'user'] as const;
export type SurveyTargetKind = (typeof SURVEY_TARGET_KINDS)[number];

export const SurveyTargetZ = z.object({
  kind: z.enum(SURVEY_TARGET_KINDS, { error: SurveyApiMessages.targetKindInvalid }),
  ref_id: z.number().int().positive(),
  exclude: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .default(0)
    .transform(Number),
});
export type SurveyTarget = z.infer<typeof SurveyTargetZ>;

/** POST /api/survey/target: replaces the survey's targets. */
export const SurveyTargetsInputZ = z.object({
  survey_id: IdZ,
  targets: z.array(SurveyTargetZ).max(SURVEY_TARGETS_MAX, SurveyApiMessages.targetsTooMany),
});

/** GET /api/survey/target: the targets with their names. */
export interface SurveyTargetView {
  kind: SurveyTargetKind;
  ref_id: number;
  exclude: 0 | 1;
  name: string;
}

/** GET /api/surveys/{id}: everything the designer edits. */
export interface SurveyDetail {
  id: number;
  kind: SurveyKind;
  name: string;
  description: string;
  status: SurveyStatus;
  /** The column as stored (an administrator may reopen a survey closed by its deadline by moving the deadline). */
  stored_status: SurveyStatus;
  deadline: string | null;
  definition: SurveyDefinition;
  version_no: number;
  released_at: string | null;
  /** Whether the working copy differs from the version released last (release makes a new version). */
  changed_since_release: boolean;
  responses: number;
  targets: SurveyTargetView[];
  /** The public results link, while it lives. */
  result_link: { token: string; expires_at: string } | null;
  updated_at: string;
}

/** PUT /api/survey/{id}: change status and/or deadline (SPEC §4), each logged. */
export const SurveyStatusChangeZ = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: SurveyApiMessages.statusInvalid }).optional(),
  deadline: SurveyDeadlineZ,
});

/** GET /api/survey/mine and the dashboard card: what I am asked to answer. */
export interface MySurveyItem {
  survey_id: number;
  kind: SurveyKind;
  name: string;
  deadline: string | null;
  status: SurveyStatus;
  state: SurveyAssignmentState;
  /** An evaluation's person rated (0 and null for a survey). */
  ratee_id: number;
  ratee_name: string | null;
}

/** GET /api/survey/{id}/fill?ratee_id=: the released version to answer, and my draft or earlier answers. */
export interface SurveyFillForm {
  survey_id: number;
  kind: SurveyKind;
  name: string;
  deadline: string | null;
  version_id: number;
  definition: SurveyDefinition;
  state: SurveyAssignmentState | null;
  /** My draft, or (editable surveys) my submitted answers; null otherwise. */
  answers: SurveyAnswers | null;
  ratee_id: number;
  ratee_name: string | null;
}

/** POST /api/survey/{id}/fill and PUT /api/survey/{id}/draft. */
export const SurveyFillZ = z.object({
  version_id: z.number().int().positive(),
  answers: SurveyAnswersZ,
  ratee_id: z.number().int().min(0).max(2_147_483_647).default(0),
  /** When the person opened the form (ISO time), for the median time to answer; ignored if in the future. */
  started_at: z.string().optional(),
});

/** POST /api/publish/share/{id}: a public fill; `name` when the survey is named. */
export const SurveyPublicFillZ = SurveyFillZ.omit({ ratee_id: true }).extend({
  name: z
    .string({ error: SurveyApiMessages.respondentNameRequired })
    .trim()
    .max(SURVEY_RESPONDENT_NAME_MAX, SurveyApiMessages.respondentNameTooLong)
    .optional(),
});

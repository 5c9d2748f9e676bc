import { FlowDesignerTexts as T, REVIEW_KIND_LABELS, STEP_REVIEW_KIND, type HandlerSource, type StepDef } from '@osp/shared';
import type { RuleNames } from './rule-model';

/** Who a handler source reaches, as a node card says it: 直属主管审批, 岗位：财务审核, 指定人员：张三、李四 … */
export function sourceText(source: HandlerSource, names: RuleNames): string {
  switch (source.kind) {
    case 'leader':
      return `${T.leaderLevelLabel(source.levels)}审批`;
    case 'job':
      return source.jobId > 0 ? `岗位：${names.job(source.jobId)}` : '岗位：（未选择）';
    case 'users': {
      const shown = source.userIds.slice(0, 3).map(names.user).join('、');
      if (source.userIds.length === 0) return `${T.sourceUsers}：（未选择）`;
      return source.userIds.length > 3 ? `${T.sourceUsers}：${shown}等${source.userIds.length}人` : `${T.sourceUsers}：${shown}`;
    }
    case 'chosen':
      return T.sourceChosen;
    case 'initiator':
      return T.sourceInitiator;
  }
}

/** 「直属主管审批（或签）」, 「岗位：财务审核（会签）」, 「指定人员：王五（或签，须填意见）」. */
export function stepSummary(step: StepDef, names: RuleNames): string {
  const kind = REVIEW_KIND_LABELS[STEP_REVIEW_KIND[step.type]];
  return `${sourceText(step.source, names)}（${step.commentRequired === true ? `${kind}，${T.commentRequiredShort}` : kind}）`;
}

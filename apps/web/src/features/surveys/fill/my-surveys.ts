import { SurveyFillTexts, SurveyStatus, type MySurveyItem, type SurveyAssignmentState } from '@osp/shared';

/** Within those still open to me, a draft I started comes before one I have not opened. */
const STATE_ORDER: Record<SurveyAssignmentState, number> = { draft: 0, pending: 1, submitted: 2 };

/** The signed-in fill page of an item (an evaluation names whom it rates). */
export function fillPath(item: Pick<MySurveyItem, 'survey_id' | 'ratee_id'>): string {
  const ratee = item.ratee_id > 0 ? `?ratee_id=${item.ratee_id}` : '';
  return `${SurveyFillTexts.paths.fillSignedIn}/${item.survey_id}${ratee}`;
}

/** 评价表预览 of an evaluation for one ratee. */
export function feedbackViewPath(item: Pick<MySurveyItem, 'survey_id' | 'ratee_id'>): string {
  const ratee = item.ratee_id > 0 ? `?ratee_id=${item.ratee_id}` : '';
  return `${SurveyFillTexts.paths.feedbackView}/${item.survey_id}${ratee}`;
}

/** Still to answer first (collecting, not submitted), nearest deadline first and none last; then the rest the same way. */
export function sortMySurveys(items: readonly MySurveyItem[]): MySurveyItem[] {
  const isWaiting = (item: MySurveyItem) => item.status === SurveyStatus.collecting && item.state !== 'submitted';
  const time = (deadline: string | null) => (deadline === null ? Infinity : new Date(deadline).getTime());
  return [...items].sort(
    (a, b) =>
      Number(isWaiting(b)) - Number(isWaiting(a)) ||
      STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
      time(a.deadline) - time(b.deadline) ||
      a.survey_id - b.survey_id,
  );
}

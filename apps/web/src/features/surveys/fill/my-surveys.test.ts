import { describe, expect, it } from 'vitest';
import type { MySurveyItem } from '@osp/shared';
import { feedbackViewPath, fillPath, sortMySurveys } from './my-surveys';

const item = (survey_id: number, more: Partial<MySurveyItem> = {}): MySurveyItem => ({
  survey_id,
  kind: 'survey',
  name: `问卷${survey_id}`,
  deadline: null,
  status: 1,
  state: 'pending',
  ratee_id: 0,
  ratee_name: null,
  ...more,
});

describe('我的问卷', () => {
  it('puts what is still to answer first, drafts before untouched ones, nearest deadline first and none last', () => {
    const sorted = sortMySurveys([
      item(1, { state: 'submitted', deadline: '2026-12-01T00:00:00Z' }),
      item(2, { status: 2, state: 'pending', deadline: '2026-11-01T00:00:00Z' }),
      item(3),
      item(4, { deadline: '2026-12-05T00:00:00Z' }),
      item(5, { state: 'draft', deadline: '2026-12-31T00:00:00Z' }),
      item(6, { deadline: '2026-12-02T00:00:00Z' }),
    ]);
    expect(sorted.map((i) => i.survey_id)).toEqual([5, 6, 4, 3, 2, 1]);
  });

  it('opens an evaluation for its ratee and a survey without one', () => {
    expect(fillPath(item(7))).toBe('/survey/survey-share-check/7');
    expect(fillPath(item(7, { ratee_id: 12 }))).toBe('/survey/survey-share-check/7?ratee_id=12');
    expect(feedbackViewPath(item(7, { ratee_id: 12 }))).toBe('/feedback/view/7?ratee_id=12');
  });
});

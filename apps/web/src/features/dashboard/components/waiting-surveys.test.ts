import { describe, expect, it } from 'vitest';
import { SurveyStatus, type MySurveyItem } from '@osp/shared';
import { deadlineText, waitingSurveyPath, waitingSurveys } from './waiting-surveys';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

function item(over: Partial<MySurveyItem>): MySurveyItem {
  return {
    survey_id: 1,
    kind: 'survey',
    name: 'q',
    deadline: null,
    status: SurveyStatus.collecting,
    state: 'pending',
    ratee_id: 0,
    ratee_name: null,
    ...over,
  };
}

describe('the 待填问卷 card', () => {
  it('keeps what is not submitted and still collecting, nearest deadline first and none last', () => {
    const list = [
      item({ survey_id: 1, deadline: null }),
      item({ survey_id: 2, deadline: new Date(NOW + 48 * HOUR).toISOString() }),
      item({ survey_id: 3, deadline: new Date(NOW + 2 * HOUR).toISOString(), state: 'draft' }),
      item({ survey_id: 4, state: 'submitted' }),
      item({ survey_id: 5, status: SurveyStatus.closed }),
      item({ survey_id: 6, status: SurveyStatus.draft }),
      item({ survey_id: 7, deadline: null }),
    ];
    expect(waitingSurveys(list).map((s) => s.survey_id)).toEqual([3, 2, 7, 1]);
  });

  it('lists each ratee of one evaluation, and sends an evaluation to 待我评价', () => {
    const list = [
      item({ survey_id: 9, kind: 'evaluation', ratee_id: 12, ratee_name: 'b' }),
      item({ survey_id: 9, kind: 'evaluation', ratee_id: 11, ratee_name: 'a' }),
    ];
    expect(waitingSurveys(list).map((s) => s.ratee_id)).toEqual([11, 12]);
    expect(waitingSurveyPath(list[0]!)).toBe('/feedback/pending');
    expect(waitingSurveyPath(item({ survey_id: 42 }))).toBe('/survey/survey-share-check/42');
  });

  it('says how long is left, warns under a day, and says 已截止 at the deadline', () => {
    expect(deadlineText(null, NOW)).toEqual({ text: '不限截止时间', tone: 'secondary' });
    expect(deadlineText(new Date(NOW + 3 * 24 * HOUR + 5 * HOUR).toISOString(), NOW)).toEqual({
      text: '3 天 5 小时后截止',
      tone: 'secondary',
    });
    expect(deadlineText(new Date(NOW + 2 * HOUR).toISOString(), NOW)).toEqual({ text: '即将截止 · 2 小时后截止', tone: 'warning' });
    expect(deadlineText(new Date(NOW).toISOString(), NOW).tone).toBe('danger');
  });
});

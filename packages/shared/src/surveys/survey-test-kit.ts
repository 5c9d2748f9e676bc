import { SURVEY_SETTINGS_DEFAULT, type SurveyDefinition, type SurveyPage, type SurveyQuestion } from './survey-model';
import type { SurveyAction, SurveyCompare, SurveyCondition, SurveyRule } from './survey-rules';

/** Builders for the surveys tests (not exported from the package): short ids, readable tables. */

export function survey(pages: SurveyQuestion[][], rules: SurveyRule[] = [], extra: Partial<SurveyDefinition> = {}): SurveyDefinition {
  return {
    kind: 'survey',
    title: '员工满意度调查',
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [],
    pages: pages.map((questions, i): SurveyPage => ({ id: `page${i + 1}`, title: `第${i + 1}页`, questions })),
    rules,
    ...extra,
  };
}

export const opts = (question: string, labels: string[]) => labels.map((label, i) => ({ id: `${question}o${i + 1}`, label }));

export function single(id: string, labels = ['是', '否'], required = false): SurveyQuestion {
  return { id, type: 'single', title: `单选${id}`, required, options: opts(id, labels) };
}

export function multiple(
  id: string,
  labels = ['甲', '乙', '丙', '以上都不是'],
  more: { minPicks?: number; maxPicks?: number; required?: boolean } = {},
): SurveyQuestion {
  const options = opts(id, labels).map((o, i) => (i === labels.length - 1 && o.label === '以上都不是' ? { ...o, exclusive: true } : o));
  return {
    id,
    type: 'multiple',
    title: `多选${id}`,
    required: more.required ?? false,
    options,
    minPicks: more.minPicks,
    maxPicks: more.maxPicks,
  };
}

export function text(id: string, required = false): SurveyQuestion {
  return { id, type: 'text', title: `文本${id}`, required, validator: { kind: 'none' } };
}

export function rating(id: string, stars = 5, required = false): SurveyQuestion {
  return { id, type: 'rating', title: `评分${id}`, required, stars };
}

export function compare(
  questionId: string,
  operator: SurveyCompare['operator'],
  value?: SurveyCompare['value'],
  rowId?: string,
): SurveyCompare {
  return { kind: 'compare', questionId, operator, value, rowId };
}

export function rule(id: string, when: SurveyCondition, ...actions: SurveyAction[]): SurveyRule {
  return { id, when: when.kind === 'group' ? when : { kind: 'group', op: 'and', items: [when] }, actions };
}

export const and = (...items: SurveyCondition[]): SurveyCondition => ({ kind: 'group', op: 'and', items });
export const or = (...items: SurveyCondition[]): SurveyCondition => ({ kind: 'group', op: 'or', items });

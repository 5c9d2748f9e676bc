import { SURVEY_CROSS_BY_DEPT, SurveyResultTexts, type SurveyQuestionResult } from '@osp/shared';

/** The question types the server cross-tabulates (isCrossTabQuestion), read from the results rather than a definition. */
const CROSS_TYPES: readonly string[] = ['single', 'multiple', 'dropdown', 'rating', 'nps', 'department'];

export interface CrossChoice {
  value: string;
  label: string;
}

/** Questions a cross-tab can take as its rows, numbered as the statistics number them. */
export function crossQuestions(questions: readonly SurveyQuestionResult[]): CrossChoice[] {
  return questions.flatMap((q, i) => (CROSS_TYPES.includes(q.type) ? [{ value: q.question_id, label: `${i + 1}. ${q.title}` }] : []));
}

/** What the rows may be broken down by: the respondent's department first, then every other cross-tab question. */
export function crossByChoices(questions: readonly SurveyQuestionResult[], rowQuestion: string | undefined): CrossChoice[] {
  return [
    { value: SURVEY_CROSS_BY_DEPT, label: SurveyResultTexts.crossDept },
    ...crossQuestions(questions).filter((choice) => choice.value !== rowQuestion),
  ];
}

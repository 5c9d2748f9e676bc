import type { SurveyStatus } from '@osp/shared';

/** The status tag's colour on the list and in the designer's header. */
export const SURVEY_STATUS_COLORS: Record<SurveyStatus, string> = { 0: 'default', 1: 'green', 2: 'orange' };

import { SurveyResultTexts } from '@osp/shared';

/** The public results address (SPEC §2 /survey/survey-result/{id}) carrying the link's token. */
export function publicResultUrl(origin: string, surveyId: number, token: string): string {
  return `${origin}${SurveyResultTexts.pathOf(surveyId)}?token=${encodeURIComponent(token)}`;
}

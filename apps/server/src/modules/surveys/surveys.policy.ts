import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who may administer surveys (issue 16): holders of `survey_admin` design, target, release and close surveys and
 * evaluations, whoever created them. Filling one is the assignment's rule (survey-fill), not this.
 */

export function isSurveyAdmin(caller: Caller): boolean {
  return caller.permissions.includes('survey_admin');
}

export function authorizeSurveyAdmin(caller: Caller): void {
  if (!isSurveyAdmin(caller)) throw new ForbiddenError();
}

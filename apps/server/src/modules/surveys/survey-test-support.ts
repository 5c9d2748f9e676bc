import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyDefinitionZ,
  SurveyStatus,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveySettings,
} from '@osp/shared';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { idOf } from '../bills/test-support';
import { insertReleasedSurvey } from './survey-fill.repo';

/**
 * Helpers for the respondent and results tests (issue 16): a released survey with its version and assignments, made
 * straight in the tables (the administration's release is tested by its own files), and small definitions.
 */

export function definitionOf(
  questions: SurveyQuestion[],
  settings: Partial<SurveySettings> = {},
  extra: Partial<SurveyDefinition> = {},
): SurveyDefinition {
  const definition: SurveyDefinition = {
    kind: 'survey',
    title: '员工满意度调查',
    settings: { ...SURVEY_SETTINGS_DEFAULT, ...settings },
    dimensions: [],
    pages: [{ id: 'page1', questions }],
    rules: [],
    ...extra,
  };
  expect(SurveyDefinitionZ.safeParse(definition).error?.issues).toBeUndefined();
  return definition;
}

export interface ReleasedSurveyOptions {
  definition: SurveyDefinition;
  /** The people asked (usernames), each about `ratee` (a username) or nobody. */
  people: readonly string[];
  ratee?: string;
  status?: number;
  deadline?: string | null;
}

export async function releasedSurvey(server: TestServer, options: ReleasedSurveyOptions): Promise<{ surveyId: number; versionId: number }> {
  const rateeId = options.ratee ? await idOf(server, options.ratee) : 0;
  const ids = await Promise.all(options.people.map((u) => idOf(server, u)));
  return insertReleasedSurvey(server.db, {
    name: options.definition.title,
    kind: options.definition.kind,
    definition: JSON.stringify(options.definition),
    status: options.status ?? SurveyStatus.collecting,
    deadline: options.deadline ?? null,
    createdBy: await idOf(server, 'admin'),
    assignments: ids.map((userId) => ({ userId, rateeId })),
    at: new Date().toISOString(),
  });
}

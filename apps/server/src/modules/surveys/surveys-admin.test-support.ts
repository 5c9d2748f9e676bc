import { SURVEY_SETTINGS_DEFAULT, SurveyDefinitionZ, type SurveyDefinition, type SurveyRule } from '@osp/shared';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/** Helpers of the survey administration tests (issue 16): calls as a named user, definitions, a new survey. */

export class AdminApi {
  readonly tokens: Tokens;
  constructor(private readonly server: TestServer) {
    this.tokens = new Tokens(server);
  }

  async call<T>(user: string, method: string, url: string, body?: unknown) {
    return this.server.call<T>(method, url, { token: await this.tokens.get(user), ...(body !== undefined ? { body } : {}) });
  }

  /** A call that must succeed; its data. */
  async ok<T>(user: string, method: string, url: string, body?: unknown): Promise<T> {
    const { status, body: envelope } = await this.call<T>(user, method, url, body);
    expect(envelope.status_code, envelope.message).toBe(0);
    expect(status).toBe(200);
    return envelope.data;
  }

  async create(body: Record<string, unknown> = {}): Promise<number> {
    return (await this.ok<{ id: number }>('admin', 'POST', '/api/surveys', { name: '员工满意度调查', ...body })).id;
  }

  async save(id: number, definition: SurveyDefinition, extra: Record<string, unknown> = {}): Promise<void> {
    await this.ok('admin', 'PUT', `/api/surveys/${id}`, { definition, ...extra });
  }

  async target(id: number, targets: { kind: 'dept' | 'role' | 'user'; ref_id: number; exclude?: number }[]): Promise<void> {
    await this.ok('admin', 'POST', '/api/survey/target', { survey_id: id, targets });
  }
}

/** Two pages: a single choice and a text on the first, a rating on the second. */
export function definition(overrides: Partial<SurveyDefinition> = {}): SurveyDefinition {
  const value: SurveyDefinition = {
    kind: 'survey',
    title: '员工满意度调查',
    description: '请如实填写',
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [],
    pages: [
      {
        id: 'page1',
        questions: [
          {
            id: 'q_like',
            type: 'single',
            title: '喜欢现在的工作吗',
            required: true,
            options: [
              { id: 'o_yes', label: '喜欢' },
              { id: 'o_no', label: '不喜欢' },
            ],
          },
          { id: 'q_why', type: 'text', title: '为什么', required: false, validator: { kind: 'none' } },
        ],
      },
      { id: 'page2', questions: [{ id: 'q_score', type: 'rating', title: '给公司打分', required: false, stars: 5 }] },
    ],
    rules: [],
    ...overrides,
  };
  expect(SurveyDefinitionZ.safeParse(value).error?.issues).toBeUndefined();
  return value;
}

/** When q_like is 不喜欢, show 为什么 (a rule that looks only at an earlier question). */
export function showWhyRule(id = 'r_why'): SurveyRule {
  return {
    id,
    when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q_like', operator: 'equals', value: 'o_no' }] },
    actions: [{ type: 'show_question', questionId: 'q_why' }],
  };
}

/** Hides 喜欢现在的工作吗 when the later rating is low: refused, a condition may only look at earlier questions. */
export function lookAheadRule(id = 'r_ahead'): SurveyRule {
  return {
    id,
    when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q_score', operator: 'less', value: 3 }] },
    actions: [{ type: 'hide_question', questionId: 'q_like' }],
  };
}

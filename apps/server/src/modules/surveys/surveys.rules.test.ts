import { SurveyApiMessages, SurveyMessages, type OperationLogEntry, type Paged, type SurveyDetail, type SurveyRule } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { AdminApi, definition, lookAheadRule, showWhyRule } from './surveys-admin.test-support';

/**
 * /api/surveys/{id}/rules (issue 16): the working copy's rules one at a time, each change checked with the whole
 * definition (SurveyDefinitionZ, so the shared refusals apply), refused changes leave the survey as it was.
 */

let server: TestServer;
let api: AdminApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new AdminApi(server);
});
afterAll(async () => server.close());

async function stored(id: number) {
  const [row, logs] = await Promise.all([
    server.db.selectFrom('surveys').select(['definition', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow(),
    server.db.selectFrom('operation_logs').select('id').execute(),
  ]);
  return { ...row, logs: logs.length };
}

async function rules(id: number): Promise<SurveyRule[]> {
  return api.ok<SurveyRule[]>('admin', 'GET', `/api/surveys/${id}/rules`);
}

/** Hides option 不喜欢 of q_like when 为什么 is answered: refused, 为什么 comes after q_like. */
const hideOptionRule: SurveyRule = {
  id: 'r_opt',
  when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q_why', operator: 'answered' }] },
  actions: [{ type: 'hide_option', questionId: 'q_like', optionId: 'o_no' }],
};

/** Jumps to the end when q_like is 喜欢: allowed (forward). */
const jumpRule: SurveyRule = {
  id: 'r_jump',
  when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q_like', operator: 'equals', value: 'o_yes' }] },
  actions: [{ type: 'jump', target: 'end' }],
};

describe('/api/surveys/{id}/rules', () => {
  it('adds, replaces and removes rules of the working copy, each logged', async () => {
    const id = await api.create();
    await api.save(id, definition());
    expect(await rules(id)).toEqual([]);

    expect(await api.ok<SurveyRule[]>('admin', 'POST', `/api/surveys/${id}/rules`, showWhyRule())).toEqual([showWhyRule()]);
    expect(await api.ok<SurveyRule[]>('admin', 'POST', `/api/surveys/${id}/rules`, jumpRule)).toEqual([showWhyRule(), jumpRule]);
    const replaced: SurveyRule = { ...showWhyRule(), actions: [{ type: 'require', questionId: 'q_why' }] };
    expect(await api.ok<SurveyRule[]>('admin', 'PUT', `/api/surveys/${id}/rules`, replaced)).toEqual([replaced, jumpRule]);
    expect((await api.ok<SurveyDetail>('admin', 'GET', `/api/surveys/${id}`)).definition.rules).toEqual([replaced, jumpRule]);

    expect(await api.ok<SurveyRule[]>('admin', 'DELETE', `/api/surveys/${id}/rules?rule_id=r_why`)).toEqual([jumpRule]);
    expect(await rules(id)).toEqual([jumpRule]);

    const page = await api.ok<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=survey&item_id=${id}`);
    const ruleLog = page.list.filter((e) => e.action.endsWith('_rule')).reverse();
    expect(ruleLog.map((e) => [e.action, e.before, e.after])).toEqual([
      ['add_rule', null, { rule: showWhyRule() }],
      ['add_rule', null, { rule: jumpRule }],
      ['update_rule', { rule: showWhyRule() }, { rule: replaced }],
      ['delete_rule', { rule: replaced }, null],
    ]);
  });

  it('keeps every one of simultaneous additions (each waits for the survey row, none is lost)', async () => {
    const id = await api.create();
    await api.save(id, definition());
    const added = ['r_one', 'r_two', 'r_three', 'r_four'].map((ruleId) => showWhyRule(ruleId));
    const results = await Promise.all(added.map((rule) => api.call('admin', 'POST', `/api/surveys/${id}/rules`, rule)));
    expect(results.map((r) => r.body.status_code)).toEqual([0, 0, 0, 0]);
    expect((await rules(id)).map((r) => r.id).sort()).toEqual(added.map((r) => r.id).sort());
  });

  it('refuses a rule that looks at a later question with the shared message, and changes nothing', async () => {
    const id = await api.create();
    await api.save(id, definition({ rules: [showWhyRule()] }));
    for (const [rule, message] of [
      [lookAheadRule(), SurveyMessages.ruleLooksAhead(2, '给公司打分', '喜欢现在的工作吗')],
      [hideOptionRule, SurveyMessages.ruleLooksAhead(2, '为什么', '喜欢现在的工作吗')],
    ] as const) {
      const before = await stored(id);
      const { body } = await api.call('admin', 'POST', `/api/surveys/${id}/rules`, rule);
      expect(body.status_code).toBe(422);
      expect(body.message).toBe(message);
      const errors = (body.data as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors).every((key) => key.startsWith('definition.rules.1'))).toBe(true);
      expect(await stored(id)).toEqual(before);
    }
    // A replacement is checked the same way.
    const before = await stored(id);
    const { body } = await api.call('admin', 'PUT', `/api/surveys/${id}/rules`, { ...lookAheadRule(), id: 'r_why' });
    expect(body).toMatchObject({ status_code: 422, message: SurveyMessages.ruleLooksAhead(1, '给公司打分', '喜欢现在的工作吗') });
    // A second rule with an id already taken.
    const duplicate = await api.call('admin', 'POST', `/api/surveys/${id}/rules`, showWhyRule());
    expect(duplicate.body).toMatchObject({ status_code: 422, message: SurveyMessages.idDuplicate('r_why') });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses malformed rules and unknown rule ids, changing nothing', async () => {
    const id = await api.create();
    await api.save(id, definition({ rules: [showWhyRule()] }));
    const before = await stored(id);
    const malformed = await api.call('admin', 'POST', `/api/surveys/${id}/rules`, { id: 'r!', when: {}, actions: 'none' });
    expect(malformed.body.status_code).toBe(422);
    expect(Object.keys((malformed.body.data as { errors: Record<string, string[]> }).errors)).toEqual(
      expect.arrayContaining(['id', 'actions']),
    );
    expect((malformed.body.data as { errors: Record<string, string[]> }).errors.id).toEqual([SurveyMessages.idInvalid]);
    const unknownPut = await api.call('admin', 'PUT', `/api/surveys/${id}/rules`, { ...jumpRule, id: 'r_missing' });
    expect(unknownPut.body).toMatchObject({ status_code: 404, message: SurveyApiMessages.ruleNotFound });
    for (const query of ['?rule_id=r_missing', '']) {
      const unknownDelete = await api.call('admin', 'DELETE', `/api/surveys/${id}/rules${query}`);
      expect(unknownDelete.body).toMatchObject({ status_code: 404, message: SurveyApiMessages.ruleNotFound });
    }
    expect(await stored(id)).toEqual(before);
  });
});

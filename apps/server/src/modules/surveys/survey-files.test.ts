import type { FileCard, Paged, SurveyQuestion, SurveyReturn } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * File answers of signed-in staff (docs/surveys-api.md "Who may download"): the submit makes the uploads the
 * response's, so the survey's administrators download them from the returns; an anonymous survey's lose their
 * uploader, so no row ties the answer to its respondent.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

const fileQuestion: SurveyQuestion = { id: 'proof', type: 'file', title: '证明材料', required: true, maxFiles: 2 };

async function upload(username: string, content: string, filename: string): Promise<FileCard> {
  const data = new FormData();
  data.append('file', new Blob([content]), filename);
  const { body } = await server.call<FileCard>('POST', '/api/files', { token: await tokens.get(username), raw: data });
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function download(username: string, id: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/files/download/${id}`, { headers: { authorization: `Bearer ${await tokens.get(username)}` } });
}

async function fill(username: string, s: { surveyId: number; versionId: number }, answers: Record<string, unknown>) {
  const { body } = await server.call('POST', `/api/survey/${s.surveyId}/fill`, {
    token: await tokens.get(username),
    body: { version_id: s.versionId, answers },
  });
  return body;
}

const fileRow = (id: string) =>
  server.db.selectFrom('files').select(['uploader_id', 'response_id']).where('id', '=', id).executeTakeFirstOrThrow();

describe('file answers of signed-in staff', () => {
  it('are downloaded by survey administrators once answered, listed by name in the returns, and by nobody else', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf([fileQuestion]), people: ['zhangsan'] });
    const card = await upload('zhangsan', '在职证明内容', '在职证明.txt');
    // Before the answer the file is only its uploader's.
    expect((await download('admin', card.id)).status).toBe(403);

    expect((await fill('zhangsan', s, { proof: [card.id] })).status_code).toBe(0);
    const response = await server.db
      .selectFrom('survey_responses')
      .select('id')
      .where('survey_id', '=', s.surveyId)
      .executeTakeFirstOrThrow();
    expect(await fileRow(card.id)).toEqual({ uploader_id: await idOf(server, 'zhangsan'), response_id: response.id });

    const got = await download('admin', card.id);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('在职证明内容');
    expect((await download('zhangsan', card.id)).status).toBe(200);
    expect((await download('lisi', card.id)).status).toBe(403);

    const { body } = await server.call<Paged<SurveyReturn>>('GET', `/api/survey/${s.surveyId}/returns`, {
      token: await tokens.get('admin'),
    });
    expect(body.data.list[0]).toMatchObject({
      answers: { proof: '在职证明.txt' },
      files: { proof: [{ id: card.id, name: '在职证明.txt' }] },
    });
    // The returns are survey administrators' only.
    expect((await server.call('GET', `/api/survey/${s.surveyId}/returns`, { token: await tokens.get('lisi') })).status).toBe(403);
  });

  it('keep their claim when an editable answer is submitted again, and the new file is claimed too', async () => {
    const definition = definitionOf([fileQuestion], { editableUntilDeadline: true });
    const s = await releasedSurvey(server, { definition, people: ['zhangsan'] });
    const first = await upload('zhangsan', '第一版', '第一版.txt');
    expect((await fill('zhangsan', s, { proof: [first.id] })).status_code).toBe(0);
    const second = await upload('zhangsan', '第二版', '第二版.txt');
    expect((await fill('zhangsan', s, { proof: [first.id, second.id] })).status_code).toBe(0);
    const response = await server.db
      .selectFrom('survey_responses')
      .select('id')
      .where('survey_id', '=', s.surveyId)
      .executeTakeFirstOrThrow();
    expect((await fileRow(first.id)).response_id).toBe(response.id);
    expect((await fileRow(second.id)).response_id).toBe(response.id);
    expect((await download('admin', second.id)).status).toBe(200);
  });

  it('of an anonymous survey lose their uploader, so nothing ties the answer to its respondent', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf([fileQuestion], { anonymous: true }), people: ['zhangsan'] });
    const card = await upload('zhangsan', '匿名材料', '材料.txt');
    expect((await fill('zhangsan', s, { proof: [card.id] })).status_code).toBe(0);
    const row = await fileRow(card.id);
    expect(row.uploader_id).toBeNull();
    expect(row.response_id).not.toBeNull();
    expect((await download('admin', card.id)).status).toBe(200);
    // Not even the respondent reads it back: it is the response's now.
    expect((await download('zhangsan', card.id)).status).toBe(403);
  });

  it('leave the files of a refused submit to their uploader alone', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf([fileQuestion]), people: ['zhangsan'] });
    const card = await upload('zhangsan', '多余', '多余.txt');
    // Three files where two are allowed: refused by the shared evaluator, nothing stored or claimed.
    const extra = await upload('zhangsan', '又一个', '又一个.txt');
    const third = await upload('zhangsan', '第三个', '第三个.txt');
    expect((await fill('zhangsan', s, { proof: [card.id, extra.id, third.id] })).status_code).toBe(422);
    expect(await fileRow(card.id)).toEqual({ uploader_id: await idOf(server, 'zhangsan'), response_id: null });
    expect((await download('admin', card.id)).status).toBe(403);
  });
});

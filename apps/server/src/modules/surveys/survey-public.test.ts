import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import path from 'node:path';
import {
  FileMessages,
  SURVEY_PUBLIC_UPLOADS_PER_MINUTE,
  SurveyApiMessages,
  SurveyFillMessages,
  SurveyStatus,
  type FileCard,
  type SurveyPublicDept,
  type SurveyQuestion,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * The public link's department tree and uploads (issue 16, docs/surveys-api.md "Public department tree" and "Public
 * uploads"): who may ask (the same 404 for everything else), the files module's limits, the claim of a file by one
 * response, and the survey administrators' downloads.
 */

const MAX_BYTES = 64 * 1024;

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer((config) => {
    config.files.maxBytes = MAX_BYTES;
  });
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

const deptQuestion: SurveyQuestion = { id: 'dept1', type: 'department', title: '所在部门', required: true };
const fileQuestion: SurveyQuestion = { id: 'file1', type: 'file', title: '证明材料', required: true, maxFiles: 2 };
const textQuestion: SurveyQuestion = { id: 'text1', type: 'text', title: '建议', required: false, validator: { kind: 'none' } };

type Survey = { surveyId: number; versionId: number };

function publicSurvey(questions: SurveyQuestion[], options: { publicLink?: boolean; status?: number; deadline?: string } = {}) {
  return releasedSurvey(server, {
    definition: definitionOf(questions, { publicLink: options.publicLink ?? true, anonymous: true }),
    people: ['zhangsan'],
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
  });
}

function form(content: Buffer | string, filename: string, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([content]), filename);
  return data;
}

const uploadTo = (surveyId: number | string, content: Buffer | string = 'hello', filename = '证明.txt') =>
  server.call<FileCard>('POST', `/api/publish/share/${surveyId}/files`, { raw: form(content, filename) });

async function uploadedTo(surveyId: number, content: Buffer | string = 'hello', filename = '证明.txt'): Promise<FileCard> {
  const { body } = await uploadTo(surveyId, content, filename);
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

const submit = (s: Survey, answers: Record<string, unknown>) =>
  server.call<{ errors: Record<string, string[]> }>('POST', `/api/publish/share/${s.surveyId}`, {
    body: { version_id: s.versionId, answers },
  });

const responsesOf = (surveyId: number) => server.db.selectFrom('survey_responses').selectAll().where('survey_id', '=', surveyId).execute();
const fileRow = (id: string) => server.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function fileCount(): Promise<number> {
  const row = await server.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedCount(): Promise<number> {
  const root = path.join(server.config.uploadsDir, 'files');
  try {
    return (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

async function download(username: string, id: string) {
  return fetch(`${server.baseUrl}/api/files/download/${id}`, { headers: { authorization: `Bearer ${await tokens.get(username)}` } });
}

const notPublic = { status_code: 404, message: SurveyApiMessages.fillNotPublic };

describe('public department tree', () => {
  it('answers the departments, with id, name and parent only, for a collecting public survey with a department question', async () => {
    const s = await publicSurvey([deptQuestion]);
    const { status, body } = await server.call<SurveyPublicDept[]>('GET', `/api/publish/share/${s.surveyId}/depts`);
    expect(status).toBe(200);
    expect(body.status_code).toBe(0);
    const depts = await server.db.selectFrom('depts').select(['id', 'name', 'parent_id']).execute();
    expect(body.data).toHaveLength(depts.length);
    expect(body.data.length).toBeGreaterThan(1);
    for (const dept of body.data) expect(Object.keys(dept).sort()).toEqual(['id', 'name', 'parent_id']);
    expect(new Map(body.data.map((d) => [d.id, d]))).toEqual(new Map(depts.map((d) => [d.id, d])));
  });

  it('answers the same 404 for an unknown, malformed, non-public, unreleased, closed or department-less survey', async () => {
    const surveys = [
      await publicSurvey([deptQuestion], { publicLink: false }),
      await publicSurvey([deptQuestion], { status: SurveyStatus.draft }),
      await publicSurvey([deptQuestion], { status: SurveyStatus.closed }),
      await publicSurvey([deptQuestion], { deadline: new Date(Date.now() - 60_000).toISOString() }),
      await publicSurvey([textQuestion, fileQuestion]),
    ];
    for (const id of [...surveys.map((s) => s.surveyId), 999_999, 'abc', '1e3', '-1', '99999999999']) {
      const { status, body } = await server.call('GET', `/api/publish/share/${id}/depts`);
      expect(status, String(id)).toBe(200);
      expect(body, String(id)).toMatchObject(notPublic);
      expect(body.data, String(id)).toBeNull();
    }
  });

  it('takes a public submit with a department answer, and names an unknown department', async () => {
    const s = await publicSurvey([deptQuestion, textQuestion]);
    const dept = await server.db.selectFrom('depts').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const missing = await submit(s, { dept1: 987_654 });
    expect(missing.body.data.errors).toEqual({ 'answers.dept1': [SurveyFillMessages.deptMissing('所在部门')] });
    expect(await responsesOf(s.surveyId)).toHaveLength(0);

    expect((await submit(s, { dept1: dept.id, text1: '好' })).body.status_code).toBe(0);
    const [response] = await responsesOf(s.surveyId);
    expect(JSON.parse(response?.answers ?? '{}')).toEqual({ dept1: dept.id, text1: '好' });
    expect(response).toMatchObject({ user_id: null, dept_id: null });
  });
});

describe('public uploads', () => {
  it('stores a file through the link with no uploader, marked with the survey, with the files module’s cleaning', async () => {
    const s = await publicSurvey([fileQuestion]);
    const card = await uploadedTo(s.surveyId, '%PDF-1.4 hello', 'C:\\Users\\me\\报告.pdf');
    expect(card).toMatchObject({ name: '报告.pdf', size: 14 });
    expect(await fileRow(card.id)).toMatchObject({ uploader_id: null, share_survey_id: s.surveyId, response_id: null, name: '报告.pdf' });
  });

  it('refuses uploads to a survey that does not take files through its link (404), reading and storing nothing', async () => {
    const surveys = [
      await publicSurvey([fileQuestion], { publicLink: false }),
      await publicSurvey([fileQuestion], { status: SurveyStatus.draft }),
      await publicSurvey([fileQuestion], { status: SurveyStatus.closed }),
      await publicSurvey([fileQuestion], { deadline: new Date(Date.now() - 60_000).toISOString() }),
      await publicSurvey([deptQuestion]),
    ];
    const [rows, stored] = [await fileCount(), await storedCount()];
    for (const id of [...surveys.map((s) => s.surveyId), 999_999, 'abc', '0']) {
      const { status, body } = await uploadTo(id);
      expect(status, String(id)).toBe(200);
      expect(body, String(id)).toMatchObject(notPublic);
    }
    expect([await fileCount(), await storedCount()]).toEqual([rows, stored]);
  });

  it('applies the files module’s limits and answers bad bodies with messages, never a 500, storing nothing', async () => {
    const s = await publicSurvey([fileQuestion]);
    const [rows, stored] = [await fileCount(), await storedCount()];
    const tooLarge = await uploadTo(s.surveyId, Buffer.alloc(MAX_BYTES + 1, 1), 'big.bin');
    expect(tooLarge.body).toMatchObject({ status_code: 422, data: { errors: { file: [FileMessages.tooLarge(MAX_BYTES)] } } });
    const empty = await uploadTo(s.surveyId, '', 'empty.txt');
    expect(empty.body).toMatchObject({ status_code: 422, data: { errors: { file: [FileMessages.empty] } } });
    const otherField = await server.call('POST', `/api/publish/share/${s.surveyId}/files`, { raw: form('x', 'a.txt', 'other') });
    expect(otherField.body).toMatchObject({ status_code: 422, data: { errors: { file: [FileMessages.noFile] } } });
    const json = await server.call('POST', `/api/publish/share/${s.surveyId}/files`, { body: { file: 'x' } });
    expect(json.body).toMatchObject({ status_code: 422, data: { errors: { file: [FileMessages.noFile] } } });
    const cut = await server.call('POST', `/api/publish/share/${s.surveyId}/files`, {
      raw: '--b\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ status_code: 400, message: FileMessages.malformed });
    expect([await fileCount(), await storedCount()]).toEqual([rows, stored]);
  });

  it('takes SURVEY_PUBLIC_UPLOADS_PER_MINUTE uploads a minute from one address to one survey, then refuses', async () => {
    const s = await publicSurvey([fileQuestion]);
    for (let i = 0; i < SURVEY_PUBLIC_UPLOADS_PER_MINUTE; i += 1) expect((await uploadTo(s.surveyId, `n${i}`)).body.status_code).toBe(0);
    const rows = await fileCount();
    expect((await uploadTo(s.surveyId)).body).toMatchObject({ status_code: 429, message: SurveyApiMessages.publicUploadTooMany });
    expect(await fileCount()).toBe(rows);
    // Another survey has its own count.
    const other = await publicSurvey([fileQuestion]);
    expect((await uploadTo(other.surveyId)).body.status_code).toBe(0);
  });

  it('refuses a file of another survey’s link, a staff upload and an unknown id, naming the question with every other error, storing nothing', async () => {
    const s = await publicSurvey([deptQuestion, fileQuestion]);
    const other = await publicSurvey([fileQuestion]);
    const foreign = await uploadedTo(other.surveyId);
    const staff = await server.call<FileCard>('POST', '/api/files', { token: await tokens.get('zhangsan'), raw: form('mine', 'mine.txt') });
    expect(staff.body.status_code).toBe(0);
    const dept = await server.db.selectFrom('depts').select('id').executeTakeFirstOrThrow();
    const refused = { 'answers.file1': [SurveyApiMessages.shareFileRefused('证明材料')] };
    for (const ids of [[foreign.id], [staff.body.data.id], ['nosuchfile1']]) {
      const { body } = await submit(s, { dept1: dept.id, file1: ids });
      expect(body.status_code).toBe(422);
      expect(body.data.errors).toEqual(refused);
    }
    // Every refusal at once: the department's and the file's.
    const both = await submit(s, { dept1: 987_654, file1: [foreign.id] });
    expect(both.body.data.errors).toEqual({ ...refused, 'answers.dept1': [SurveyFillMessages.deptMissing('所在部门')] });
    expect(await responsesOf(s.surveyId)).toHaveLength(0);
    expect(await fileRow(foreign.id)).toMatchObject({ response_id: null });
  });

  it('keeps maxFiles, and refuses one file in two questions', async () => {
    const second: SurveyQuestion = { id: 'file2', type: 'file', title: '补充材料', required: false, maxFiles: 1 };
    const s = await publicSurvey([fileQuestion, second]);
    const [a, b, c] = [await uploadedTo(s.surveyId, 'a'), await uploadedTo(s.surveyId, 'b'), await uploadedTo(s.surveyId, 'c')];
    const many = await submit(s, { file1: [a.id, b.id, c.id] });
    expect(Object.keys(many.body.data.errors)).toEqual(['answers.file1']);
    const twice = await submit(s, { file1: [a.id], file2: [a.id] });
    expect(twice.body.data.errors).toEqual({ 'answers.file2': [SurveyApiMessages.shareFileRefused('补充材料')] });
    expect(await responsesOf(s.surveyId)).toHaveLength(0);
  });

  it('lets one response use a file: a second submit with it is refused, and of simultaneous submits one wins', async () => {
    const s = await publicSurvey([fileQuestion]);
    const card = await uploadedTo(s.surveyId);
    expect((await submit(s, { file1: [card.id] })).body.status_code).toBe(0);
    const [first] = await responsesOf(s.surveyId);
    expect(await fileRow(card.id)).toMatchObject({ response_id: first?.id });
    const again = await submit(s, { file1: [card.id] });
    expect(again.body.data.errors).toEqual({ 'answers.file1': [SurveyApiMessages.shareFileRefused('证明材料')] });
    expect(await responsesOf(s.surveyId)).toHaveLength(1);

    const race = await uploadedTo(s.surveyId, 'race');
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(s, { file1: [race.id] })));
    expect(results.filter((r) => r.body.status_code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.status_code === 422)).toHaveLength(7);
    const responses = await responsesOf(s.surveyId);
    expect(responses).toHaveLength(2);
    const winner = responses.find((r) => r.id !== first?.id);
    expect(await fileRow(race.id)).toMatchObject({ response_id: winner?.id });
  });

  it('stores a public response with its file, which survey administrators may download and nobody else', async () => {
    const s = await publicSurvey([fileQuestion, textQuestion]);
    const card = await uploadedTo(s.surveyId, '%PDF-1.4 evidence', '证明.pdf');
    const unclaimed = await uploadedTo(s.surveyId, 'never answered', 'x.txt');
    // Not in a response yet: nobody's.
    expect((await download('admin', card.id)).status).toBe(403);
    expect((await submit(s, { file1: [card.id], text1: '见附件' })).body.status_code).toBe(0);
    const [response] = await responsesOf(s.surveyId);
    expect(JSON.parse(response?.answers ?? '{}')).toEqual({ file1: [card.id], text1: '见附件' });

    const got = await download('admin', card.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await got.arrayBuffer()).toString()).toBe('%PDF-1.4 evidence');
    const cardCall = await server.call<FileCard>('GET', `/api/files/${card.id}`, { token: await tokens.get('admin') });
    expect(cardCall.body.data).toMatchObject({ id: card.id, name: '证明.pdf' });
    // zhangsan holds no survey_admin; a file no response holds stays closed even to administrators.
    expect((await download('zhangsan', card.id)).status).toBe(403);
    expect((await download('admin', unclaimed.id)).status).toBe(403);

    // The export names the file, not its id.
    const exported = await fetch(`${server.baseUrl}/api/survey/exportAs?survey_id=${s.surveyId}&personal=0`, {
      headers: { authorization: `Bearer ${await tokens.get('admin')}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exported.arrayBuffer());
    const values: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) => values.push(...(row.values as unknown[])));
    expect(values).toContain('证明.pdf');
    expect(values).not.toContain(card.id);
  });

  it('lets no signed-in fill use an upload of the link', async () => {
    const s = await publicSurvey([fileQuestion]);
    const card = await uploadedTo(s.surveyId);
    const { body } = await server.call<{ errors: Record<string, string[]> }>('POST', `/api/survey/${s.surveyId}/fill`, {
      token: await tokens.get('zhangsan'),
      body: { version_id: s.versionId, answers: { file1: [card.id] } },
    });
    expect(body.data.errors).toEqual({ 'answers.file1': [SurveyFillMessages.fileNotYours('证明材料')] });
  });
});

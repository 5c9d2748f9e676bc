import {
  ArticleAdminMessages,
  FileMessages,
  type Article,
  type ArticleAdminView,
  type ArticleType,
  type EmployArticle,
  type FileCard,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';

/**
 * Files in articles (issue 15, docs/files.md "Who may download"): the images of the text, the cover and the 附件 are
 * downloadable by whoever may read the article now and by holders of article_admin; nobody else. An article may name
 * only its writer's uploads or files it named already; a refusal saves nothing.
 */

let server: TestServer;
let tokens: Tokens;
let typeId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '附件测试' });
  typeId = body.data.id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function upload(user: string, name: string, content = 'bytes'): Promise<FileCard> {
  const data = new FormData();
  data.append('file', new Blob([content]), name);
  const { body } = await server.call<FileCard>('POST', '/api/files', { token: await tokens.get(user), raw: data });
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function download(user: string, id: string, query = ''): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/files/download/${id}${query}`, {
    headers: { authorization: `Bearer ${await tokens.get(user)}` },
  });
  await response.arrayBuffer();
  return response.status;
}

async function archive(user: string, ids: string[]): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/files/archive/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokens.get(user)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  await response.arrayBuffer();
  return response.status;
}

const card = async (user: string, id: string) => (await call<FileCard>(user, 'GET', `/api/files/${id}`)).body.status_code;
const image = (id: string) => `<p>图：<img src="/api/files/download/${id}" alt="图"></p>`;

function input(overrides: Record<string, unknown> = {}) {
  return { title: '带附件的公告', type_id: typeId, content: '<p>正文</p>', ...overrides };
}

async function save<T = ArticleAdminView>(user: string, method: 'POST' | 'PUT', url: string, body: unknown) {
  return (await call<T>(user, method, url, body)).body;
}

async function snapshot() {
  const [articles, files] = await Promise.all([
    server.db.selectFrom('articles').selectAll().orderBy('id').execute(),
    server.db.selectFrom('article_files').selectAll().orderBy('article_id').orderBy('kind').orderBy('file_id').execute(),
  ]);
  return { articles, files };
}

describe('files of an article', () => {
  let picture: FileCard;
  let cover: FileCard;
  let first: FileCard;
  let second: FileCard;
  let article: ArticleAdminView;

  beforeAll(async () => {
    [picture, cover, first, second] = await Promise.all([
      upload('admin', '路线图.png'),
      upload('admin', '封面.png'),
      upload('admin', '制度全文.pdf'),
      upload('admin', '附表.xlsx'),
    ]);
    const saved = await save('admin', 'POST', '/api/article', {
      ...input({ content: image(picture.id), cover: cover.id, attachments: [second.id, first.id] }),
      audience: { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'zhangsan')] },
    });
    expect(saved.status_code, saved.message).toBe(0);
    article = saved.data;
  });

  it('shows the 附件 in the order saved, to the administrator and to the reader', async () => {
    const cards = [second, first].map(({ id, name, size, mime }) => ({ id, name, size, mime }));
    expect(article.attachments).toEqual(cards);
    const links = await server.db
      .selectFrom('article_files')
      .select(['file_id', 'kind', 'position'])
      .where('article_id', '=', article.id)
      .orderBy('kind')
      .orderBy('position')
      .execute();
    expect(links).toEqual([
      { file_id: second.id, kind: 'attachment', position: 0 },
      { file_id: first.id, kind: 'attachment', position: 1 },
      { file_id: picture.id, kind: 'content', position: 0 },
      { file_id: cover.id, kind: 'cover', position: 0 },
    ]);
    expect((await call<Article>('admin', 'POST', `/api/article/${article.id}/publish`)).body.status_code).toBe(0);
    const preview = await call<Article>('zhangsan', 'GET', `/api/article/${article.id}`);
    expect(preview.body.data.attachments).toEqual(cards);
    const employ = await call<EmployArticle>('zhangsan', 'GET', `/api/employ/article/${article.id}`);
    expect(employ.body.data.attachments).toEqual(cards);
  });

  it('lets the reader download them, with a watermark too, one by one and as an archive; someone outside gets 403', async () => {
    for (const file of [picture, cover, first, second]) {
      expect(await download('zhangsan', file.id), file.name).toBe(200);
      expect(await card('zhangsan', file.id), file.name).toBe(0);
      expect(await download('lisi', file.id), file.name).toBe(403);
      expect(await card('lisi', file.id), file.name).toBe(403);
    }
    expect(await download('zhangsan', picture.id, '?watermark=1')).toBe(200);
    expect(await archive('zhangsan', [picture.id, first.id])).toBe(200);
    expect(await archive('lisi', [picture.id, first.id])).toBe(403);
    const refused = await call('lisi', 'GET', `/api/files/${picture.id}`);
    expect(refused.body.message).toBe(FileMessages.forbidden);
  });

  it('stops the reader downloading once the article is withdrawn; holders of article_admin still may', async () => {
    expect((await call('admin', 'POST', `/api/article/${article.id}/withdraw`)).body.status_code).toBe(0);
    try {
      for (const file of [picture, cover, first]) expect(await download('zhangsan', file.id), file.name).toBe(403);
      expect(await archive('zhangsan', [first.id])).toBe(403);

      // 王五 is given article_admin: every article's files are theirs to check, a withdrawn one's too.
      expect(await download('wangwu', picture.id)).toBe(403);
      const finance = await server.db.selectFrom('roles').select('id').where('key', '=', 'finance').executeTakeFirstOrThrow();
      await server.db.insertInto('role_permissions').values({ role_id: finance.id, permission: 'article_admin' }).execute();
      await server.accessChanged();
      try {
        tokens = new Tokens(server);
        expect(await download('wangwu', picture.id)).toBe(200);
        expect(await archive('wangwu', [picture.id, cover.id, first.id, second.id])).toBe(200);
      } finally {
        await server.db
          .deleteFrom('role_permissions')
          .where('role_id', '=', finance.id)
          .where('permission', '=', 'article_admin')
          .execute();
        await server.accessChanged();
        tokens = new Tokens(server);
      }
      expect(await download('wangwu', picture.id)).toBe(403);
    } finally {
      expect((await call('admin', 'POST', `/api/article/${article.id}/publish`)).body.status_code).toBe(0);
    }
    expect(await download('zhangsan', picture.id)).toBe(200);
  });

  it('refuses a file someone else uploaded, or that does not exist, at its field; nothing is saved', async () => {
    const theirs = await upload('zhangsan', '别人的图.png');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ content: image(theirs.id) }, 'content', ArticleAdminMessages.contentFileUnknown],
      [{ content: image('nosuchfile123') }, 'content', ArticleAdminMessages.contentFileUnknown],
      [{ cover: theirs.id }, 'cover', ArticleAdminMessages.coverUnknown],
      [{ cover: 'nosuchfile123' }, 'cover', ArticleAdminMessages.coverMissing],
      [{ attachments: [first.id, theirs.id] }, 'attachments', ArticleAdminMessages.attachmentsUnknown],
      [{ attachments: ['nosuchfile123'] }, 'attachments', ArticleAdminMessages.attachmentsUnknown],
      [{ attachments: ['../etc/passwd'] }, 'attachments', ArticleAdminMessages.attachmentsInvalid],
      [{ attachments: 'abc' }, 'attachments', ArticleAdminMessages.attachmentsInvalid],
      [{ attachments: Array.from({ length: 21 }, () => first.id) }, 'attachments', ArticleAdminMessages.attachmentsTooMany],
    ];
    for (const [overrides, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/article'],
        ['PUT', `/api/article/${article.id}`],
      ] as const) {
        const body = await save('admin', method, url, input(overrides));
        expect(body, `${method} ${JSON.stringify(overrides)}`).toMatchObject({
          status_code: 422,
          data: { errors: { [field]: [message] } },
        });
      }
    }
    // Every refused field at once.
    const all = await save(
      'admin',
      'POST',
      '/api/article',
      input({ content: image(theirs.id), cover: theirs.id, attachments: [theirs.id] }),
    );
    expect(Object.keys((all.data as unknown as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'attachments',
      'content',
      'cover',
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await download('admin', theirs.id)).toBe(403);
  });

  it('lets another administrator keep what the article names already, and replaces the files on every save', async () => {
    const finance = await server.db.selectFrom('roles').select('id').where('key', '=', 'finance').executeTakeFirstOrThrow();
    await server.db.insertInto('role_permissions').values({ role_id: finance.id, permission: 'article_admin' }).execute();
    await server.accessChanged();
    tokens = new Tokens(server);
    try {
      const own = await upload('wangwu', '新附件.docx');
      const kept = await save('wangwu', 'PUT', `/api/article/${article.id}`, {
        ...input({ content: image(picture.id), cover: cover.id, attachments: [own.id, first.id] }),
        audience: { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'zhangsan')] },
      });
      expect(kept.status_code, kept.message).toBe(0);
      expect(kept.data.attachments.map((a) => a.id)).toEqual([own.id, first.id]);
      // 附表 is no longer in the article: its reader may not download it any more; the new one they may.
      expect(await download('zhangsan', second.id)).toBe(403);
      expect(await download('zhangsan', own.id)).toBe(200);
      // Without its image the text no longer makes the image readable either.
      const plain = await save('wangwu', 'PUT', `/api/article/${article.id}`, {
        ...input({ attachments: [] }),
        audience: { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'zhangsan')] },
      });
      expect(plain.status_code, plain.message).toBe(0);
      expect(await download('zhangsan', picture.id)).toBe(403);
      expect(await server.db.selectFrom('article_files').select('file_id').where('article_id', '=', article.id).execute()).toEqual([]);
      // And once gone from the article, admin's image may not be put back by 王五: it is neither theirs nor the article's.
      const back = await save('wangwu', 'PUT', `/api/article/${article.id}`, input({ content: image(picture.id) }));
      expect(back).toMatchObject({ status_code: 422, data: { errors: { content: [ArticleAdminMessages.contentFileUnknown] } } });
    } finally {
      await server.db.deleteFrom('role_permissions').where('role_id', '=', finance.id).where('permission', '=', 'article_admin').execute();
      await server.accessChanged();
      tokens = new Tokens(server);
    }
  });
});

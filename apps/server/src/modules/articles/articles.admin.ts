import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_TRANSITIONS,
  ArticleAdminMessages,
  ArticleIdZ,
  ArticleInputZ,
  ArticleListQueryZ,
  ArticleStatus,
  type ArticleAction,
  type ArticleAdminRow,
  type ArticleAdminView,
  type ArticleInput,
  type Paged,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { sanitizeArticleHtml } from './article-html';
import { checkAudience } from './articles.audience';
import { articleFileErrors, attachmentsOf, writeArticleFiles } from './articles.files';
import { authorizeArticleAdmin } from './articles.policy';
import * as repo from './articles.repo';

/**
 * Articles administration (issue 15): /api/article for holders of `article_admin`. An article is a draft, published
 * or withdrawn (ARTICLE_TRANSITIONS); it may be edited in any state. Delete is for drafts and for withdrawn articles
 * nobody has read — a published one is withdrawn, so its readers' record stays (docs/decisions.md "Articles").
 * Every write logs one row of item type `article`.
 */

const ITEM_TYPE = 'article';

function statusOf(value: number): ArticleStatus {
  return value === ArticleStatus.published || value === ArticleStatus.withdrawn ? value : ArticleStatus.draft;
}

function adminRow(row: Omit<repo.ArticleRow, 'content'>): ArticleAdminRow {
  const status = statusOf(row.status);
  return {
    id: row.id,
    title: row.title,
    type_id: row.type_id,
    type_name: row.type_name ?? '',
    summary: row.summary,
    cover: row.cover_file_id,
    status,
    status_label: ARTICLE_STATUS_LABELS[status],
    publish_at: row.published_at,
    expire_at: row.expire_at,
    is_pinned: row.is_pinned,
    forceView: row.force_view,
    force_deadline: row.force_deadline,
    author: row.author ?? '',
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: {
      publish: (ARTICLE_TRANSITIONS.publish as readonly number[]).includes(status),
      withdraw: (ARTICLE_TRANSITIONS.withdraw as readonly number[]).includes(status),
      // Whether nobody has read it is asked of the database when deleting; the list offers it for the states that may.
      delete: status !== ArticleStatus.published,
    },
  };
}

async function requireArticle(db: Db, id: number): Promise<repo.ArticleRow> {
  const row = await repo.findArticle(db, id);
  if (!row) throw new NotFoundError(ArticleAdminMessages.notFound);
  return row;
}

/** The facts the operation log keeps of an article (content by length: the log is not a second copy). */
function facts(input: ArticleInput | repo.ArticleRow, audience: ArticleInput['audience']) {
  const published = 'publish_at' in input ? input.publish_at : input.published_at;
  const cover = 'cover' in input ? input.cover : input.cover_file_id;
  const forceView = 'forceView' in input ? input.forceView : input.force_view;
  return {
    title: input.title,
    type_id: input.type_id,
    summary: input.summary,
    cover,
    content_length: input.content.length,
    publish_at: published,
    expire_at: input.expire_at,
    is_pinned: input.is_pinned,
    forceView,
    force_deadline: input.force_deadline,
    audience,
  };
}

/**
 * What the database must agree to besides the input's own shape: the type, the files (the text's images, the cover,
 * the 附件: the caller's uploads or this article's already, articles.files.ts), the audience.
 */
async function checkReferences(db: Db, caller: Caller, input: ArticleInput, articleId?: number): Promise<void> {
  const [hasType, fileErrors] = await Promise.all([repo.typeExists(db, input.type_id), articleFileErrors(db, caller, input, articleId)]);
  const errors: Record<string, string[]> = { ...fileErrors };
  if (!hasType) errors.type_id = [ArticleAdminMessages.typeMissing];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await checkAudience(db, input.audience);
}

/** The input parsed and its HTML cut to the allow-list; an article that sanitises to nothing has no content. */
function parseInput(body: unknown): ArticleInput {
  const input = parse(ArticleInputZ, body);
  const content = sanitizeArticleHtml(input.content);
  if (content.trim() === '') throw new ValidationError({ content: [ArticleAdminMessages.contentRequired] });
  return { ...input, content };
}

function columnsOf(input: ArticleInput, now: string) {
  return {
    title: input.title,
    type_id: input.type_id,
    summary: input.summary,
    cover_file_id: input.cover,
    content: input.content,
    published_at: input.publish_at,
    expire_at: input.expire_at,
    is_pinned: input.is_pinned,
    force_view: input.forceView,
    force_deadline: input.force_deadline,
    updated_at: now,
  };
}

export async function findAdminArticles(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<ArticleAdminRow>> {
  authorizeArticleAdmin(caller);
  const input = parse(ArticleListQueryZ, query);
  const { rows, total } = await repo.findArticles(
    ctx.db,
    { typeId: input.type_id, status: input.status, keyword: input.keyword },
    { offset: (input.page - 1) * input.per_page, limit: input.per_page },
  );
  return { list: rows.map(adminRow), total, page: input.page, per_page: input.per_page };
}

/** The whole article for its editor; `confirmed` is the administrator's own confirmation, as a reader. */
export async function getAdminArticle(ctx: AppContext, caller: Caller, id: number): Promise<ArticleAdminView> {
  authorizeArticleAdmin(caller);
  const row = await requireArticle(ctx.db, id);
  const [audience, confirmed, attachments] = await Promise.all([
    repo.audienceOf(ctx.db, id),
    repo.hasConfirmed(ctx.db, id, caller.userId),
    attachmentsOf(ctx.db, id),
  ]);
  return { ...adminRow(row), content: row.content, audience, attachments, published_at: row.published_at, confirmed };
}

/** POST /api/article: a new draft (publishing is its own action). */
export async function createArticle(ctx: AppContext, actor: Actor, body: unknown): Promise<ArticleAdminView> {
  authorizeArticleAdmin(actor.caller);
  const input = parseInput(body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkReferences(trx, actor.caller, input);
    const now = nowIso();
    const created = await repo.insertArticle(trx, {
      ...columnsOf(input, now),
      status: ArticleStatus.draft,
      author_id: actor.caller.userId,
      created_at: now,
    });
    await repo.writeAudience(trx, created, input.audience);
    await writeArticleFiles(trx, created, input);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: created,
      action: 'create',
      summary: `新建文章「${input.title}」`,
      after: { ...facts(input, input.audience), attachments: input.attachments },
    });
    return created;
  });
  return getAdminArticle(ctx, actor.caller, id);
}

/** PUT /api/article/{id}: every field, in any state (a published article changes for its readers at once). */
export async function updateArticle(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<ArticleAdminView> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleIdZ, params);
  const input = parseInput(body);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await requireArticle(trx, id);
    await checkReferences(trx, actor.caller, input, id);
    const beforeAudience = await repo.audienceOf(trx, id);
    await repo.updateArticle(trx, id, columnsOf(input, nowIso()));
    await repo.writeAudience(trx, id, input.audience);
    await writeArticleFiles(trx, id, input);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改文章「${input.title}」`,
      before: facts(before, beforeAudience),
      after: { ...facts(input, input.audience), attachments: input.attachments },
    });
  });
  return getAdminArticle(ctx, actor.caller, id);
}

const ACTION_TARGET: Record<ArticleAction, ArticleStatus> = { publish: ArticleStatus.published, withdraw: ArticleStatus.withdrawn };

/**
 * POST /api/article/{id}/publish and /withdraw. The state is checked again by a conditional update, so two
 * administrators acting at once cannot both move it; the loser gets 409. Publishing without a start time starts
 * the window now; a start in the future keeps it hidden until then. An end already passed is refused: it would reach nobody.
 */
export async function moveArticle(ctx: AppContext, actor: Actor, params: unknown, action: ArticleAction): Promise<ArticleAdminView> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireArticle(trx, id);
    const now = nowIso();
    const to = ACTION_TARGET[action];
    if (action === 'publish' && row.expire_at !== null && row.expire_at <= now) {
      throw new ValidationError({ expire_at: [ArticleAdminMessages.expiredOnPublish] });
    }
    const values = { status: to, updated_at: now, ...(action === 'publish' && row.published_at === null ? { published_at: now } : {}) };
    const moved = await repo.moveStatus(trx, id, ARTICLE_TRANSITIONS[action], values);
    if (!moved) {
      throw new ConflictError(
        action === 'publish' ? ArticleAdminMessages.cannotPublish(row.title) : ArticleAdminMessages.cannotWithdraw(row.title),
      );
    }
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action,
      summary: `${action === 'publish' ? '发布' : '撤回'}文章「${row.title}」`,
      before: { status: row.status },
      after: { status: to, ...('published_at' in values ? { publish_at: values.published_at } : {}) },
    });
  });
  return getAdminArticle(ctx, actor.caller, id);
}

/** DELETE /api/article/{id}: a draft, or a withdrawn article nobody has opened or confirmed. */
export async function deleteArticle(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireArticle(trx, id);
    if (row.status === ArticleStatus.published) throw new ConflictError(ArticleAdminMessages.deletePublished);
    const readers = await repo.countReaders(trx, id);
    if (readers > 0) throw new ConflictError(ArticleAdminMessages.deleteRead(readers));
    const audience = await repo.audienceOf(trx, id);
    if (!(await repo.deleteUnpublished(trx, id))) throw new ConflictError(ArticleAdminMessages.deletePublished);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除文章「${row.title}」`,
      before: facts(row, audience),
    });
  });
}

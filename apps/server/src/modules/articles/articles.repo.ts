import type { ArticleAudience } from '@osp/shared';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { containsText } from '../../db/like';
import type { ArticlesTable, Database } from '../../db/schema';

/** Articles' SQL (issue 15): the readers' scope, the gate, the administrators' list and writes, views. */

/**
 * Who the reader is, as audience rules name people: the user, their roles, and their department with every
 * department above it (a rule naming 技术部 reaches someone in 研发组 under it). Read through the directory by
 * articles.audience.ts, the same walk templates use for their starters.
 */
export interface Reader {
  userId: number;
  roleIds: readonly number[];
  deptChain: readonly number[];
}

type ArticleScope = ExpressionBuilder<Database, 'articles'>;

/** An article without any audience row or rule is for everyone; otherwise for those a row or rule names. */
function meantFor(reader: Reader) {
  return (eb: ArticleScope) => {
    const people = eb.selectFrom('article_audience as aa').select('aa.article_id').whereRef('aa.article_id', '=', 'articles.id');
    const rules = eb.selectFrom('article_audience_rules as ar').select('ar.article_id').whereRef('ar.article_id', '=', 'articles.id');
    const branches = [
      eb.and([eb.not(eb.exists(people)), eb.not(eb.exists(rules))]),
      eb.exists(people.where('aa.user_id', '=', reader.userId)),
    ];
    // `in ()` is no SQL: a reader without roles or department has no branch for them.
    if (reader.deptChain.length > 0) {
      branches.push(eb.exists(rules.where('ar.kind', '=', 'dept').where('ar.ref_id', 'in', [...reader.deptChain])));
    }
    if (reader.roleIds.length > 0) {
      branches.push(eb.exists(rules.where('ar.kind', '=', 'role').where('ar.ref_id', 'in', [...reader.roleIds])));
    }
    return eb.or(branches);
  };
}

/**
 * The articles a reader may read at `now`: published, inside the publish window, and meant for them. Lists, the
 * single read, the confirmation and the forced-read gate share this one rule.
 */
export function readableBy(reader: Reader, now: string) {
  return (eb: ArticleScope) =>
    eb.and([
      eb('articles.status', '=', 1),
      eb.or([eb('articles.published_at', 'is', null), eb('articles.published_at', '<=', now)]),
      eb.or([eb('articles.expire_at', 'is', null), eb('articles.expire_at', '>', now)]),
      meantFor(reader)(eb),
    ]);
}

/** Whether `userId` has a row in `table` for the article: confirmed it (article_view_confirms) or opened it (article_views). */
function hasRowIn(table: 'article_view_confirms' | 'article_views', userId: number) {
  return (eb: ArticleScope) =>
    eb.exists(
      eb
        .selectFrom(table)
        .select(`${table}.article_id`)
        .whereRef(`${table}.article_id`, '=', 'articles.id')
        .where(`${table}.user_id`, '=', userId),
    );
}

const confirmedBy = (userId: number) => hasRowIn('article_view_confirms', userId);
const viewedBy = (userId: number) => hasRowIn('article_views', userId);

/** The first forced article, in publish order, that the reader may read, has not confirmed, and whose deadline has not passed. */
export function findPendingForcedArticleId(db: Db, reader: Reader, now: string) {
  return db
    .selectFrom('articles')
    .select('articles.id')
    .where(readableBy(reader, now))
    .where('articles.force_view', '=', 1)
    .where((eb) => eb.or([eb('articles.force_deadline', 'is', null), eb('articles.force_deadline', '>', now)]))
    .where((eb) => eb.not(confirmedBy(reader.userId)(eb)))
    .orderBy('articles.published_at')
    .orderBy('articles.id')
    .limit(1)
    .executeTakeFirst();
}

const READER_COLUMNS = [
  'articles.id',
  'articles.title',
  'articles.type_id',
  'article_types.name as type_name',
  'articles.summary',
  'articles.cover_file_id',
  'articles.published_at',
  'articles.is_pinned',
  'articles.force_view',
] as const;

export function findReadableArticle(db: Db, id: number, reader: Reader, now: string) {
  return db
    .selectFrom('articles')
    .leftJoin('users', 'users.id', 'articles.author_id')
    .leftJoin('article_types', 'article_types.id', 'articles.type_id')
    .leftJoin('article_view_confirms as c', (join) => join.onRef('c.article_id', '=', 'articles.id').on('c.user_id', '=', reader.userId))
    .select([
      ...READER_COLUMNS,
      'articles.content',
      'articles.expire_at',
      'articles.force_deadline',
      'users.name as author',
      'c.confirmed_at',
    ])
    .select((eb) => viewedBy(reader.userId)(eb).as('viewed'))
    .where('articles.id', '=', id)
    .where(readableBy(reader, now))
    .executeTakeFirst();
}

export interface ReaderFilter {
  typeId?: number | undefined;
  keyword?: string | undefined;
}

/** A page of what the reader may read: pinned first, then newest; with whether they have opened or confirmed each. */
export async function findReadableArticles(
  db: Db,
  reader: Reader,
  now: string,
  filter: ReaderFilter,
  page: { offset: number; limit: number },
) {
  let query = db.selectFrom('articles').where(readableBy(reader, now));
  if (filter.typeId !== undefined) query = query.where('articles.type_id', '=', filter.typeId);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where(() => containsText(sql.ref<string>('articles.title'), keyword));
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('article_types', 'article_types.id', 'articles.type_id')
      .select(READER_COLUMNS)
      .select((eb) => [viewedBy(reader.userId)(eb).as('viewed'), confirmedBy(reader.userId)(eb).as('confirmed')])
      .orderBy('articles.is_pinned', 'desc')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The dashboard's announcements: the latest `perType` of each type the reader may read (pinned first, then newest,
 * as the list), the types in their order and articles without a type last; and how many of each type are unread.
 * One page of the list's statement per type, each read off articles_type_reader_idx: ranking every readable article
 * in one window (the first version) cost 57 ms at 10,000 articles on SQLite (docs/performance.md "Articles at 10,000").
 */
export async function findLatestReadableByType(db: Db, reader: Reader, now: string, perType: number) {
  const types = await db.selectFrom('article_types').select('id').orderBy('sort').orderBy('id').execute();
  const pageOf = (typeId: number | null) =>
    db
      .selectFrom('articles')
      .leftJoin('article_types', 'article_types.id', 'articles.type_id')
      .where(readableBy(reader, now))
      .where((eb) => (typeId === null ? eb('articles.type_id', 'is', null) : eb('articles.type_id', '=', typeId)))
      .select(READER_COLUMNS)
      .select((eb) => [viewedBy(reader.userId)(eb).as('viewed'), confirmedBy(reader.userId)(eb).as('confirmed')])
      .orderBy('articles.is_pinned', 'desc')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(perType)
      .execute();
  const unreadOf = db
    .selectFrom('articles')
    .where(readableBy(reader, now))
    .where((eb) => eb.not(eb.or([viewedBy(reader.userId)(eb), confirmedBy(reader.userId)(eb)])))
    .select((eb) => ['articles.type_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('articles.type_id');
  const [pages, unread] = await Promise.all([Promise.all([...types.map((type) => pageOf(type.id)), pageOf(null)]), unreadOf.execute()]);
  return { rows: pages.flat(), unread: unread.map((row) => ({ type_id: row.type_id, n: Number(row.n) })) };
}

/**
 * The next moment after `now` at which a published article's window opens or closes: until then, who may read what
 * changes only by a write (articles.answers.ts). Null when no window edge lies ahead.
 */
export async function findNextWindowEdge(db: Db, now: string): Promise<string | null> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('articles')
        .select((e) => e.fn.min<string | null>('published_at').as('t'))
        .where('status', '=', 1)
        .where('published_at', '>', now)
        .as('opens'),
      eb
        .selectFrom('articles')
        .select((e) => e.fn.min<string | null>('expire_at').as('t'))
        .where('status', '=', 1)
        .where('expire_at', '>', now)
        .as('closes'),
    ])
    .executeTakeFirst();
  const edges = [row?.opens, row?.closes].filter((edge): edge is string => typeof edge === 'string');
  if (edges.length === 0) return null;
  return edges.reduce((first, edge) => (Date.parse(edge) < Date.parse(first) ? edge : first));
}

export async function insertConfirmation(db: Db, articleId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto('article_view_confirms')
    .values({ article_id: articleId, user_id: userId, confirmed_at: now })
    .onConflict((oc) => oc.columns(['article_id', 'user_id']).doNothing())
    .execute();
}

/** One more opening of the article by the user: the first time is kept, the last and the count move on. */
export async function recordView(db: Db, articleId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto('article_views')
    .values({ article_id: articleId, user_id: userId, first_viewed_at: now, last_viewed_at: now, view_count: 1 })
    .onConflict((oc) =>
      oc.columns(['article_id', 'user_id']).doUpdateSet((eb) => ({
        last_viewed_at: now,
        view_count: eb('article_views.view_count', '+', 1),
      })),
    )
    .execute();
}

// ---------- administration ----------

const ADMIN_COLUMNS = [
  'articles.id',
  'articles.title',
  'articles.type_id',
  'article_types.name as type_name',
  'articles.summary',
  'articles.cover_file_id',
  'articles.status',
  'articles.published_at',
  'articles.expire_at',
  'articles.is_pinned',
  'articles.force_view',
  'articles.force_deadline',
  'users.name as author',
  'articles.created_at',
  'articles.updated_at',
] as const;

export interface AdminFilter {
  typeId?: number | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
}

/** Every article, whatever its state, newest first. */
export async function findArticles(db: Db, filter: AdminFilter, page: { offset: number; limit: number }) {
  let query = db.selectFrom('articles');
  if (filter.typeId !== undefined) query = query.where('articles.type_id', '=', filter.typeId);
  if (filter.status !== undefined) query = query.where('articles.status', '=', filter.status);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where(() => containsText(sql.ref<string>('articles.title'), keyword));
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('article_types', 'article_types.id', 'articles.type_id')
      .leftJoin('users', 'users.id', 'articles.author_id')
      .select(ADMIN_COLUMNS)
      .orderBy('articles.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findArticle(db: Db, id: number) {
  return db
    .selectFrom('articles')
    .leftJoin('article_types', 'article_types.id', 'articles.type_id')
    .leftJoin('users', 'users.id', 'articles.author_id')
    .select([...ADMIN_COLUMNS, 'articles.content'])
    .where('articles.id', '=', id)
    .executeTakeFirst();
}

export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

export async function insertArticle(db: Db, values: Insertable<ArticlesTable>): Promise<number> {
  const row = await db.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateArticle(db: Db, id: number, values: Updateable<ArticlesTable>): Promise<void> {
  await db.updateTable('articles').set(values).where('id', '=', id).execute();
}

/** Moves the article to `to` only from one of `from`: false when another request moved it first. */
export async function moveStatus(db: Db, id: number, from: readonly number[], values: Updateable<ArticlesTable>): Promise<boolean> {
  const result = await db
    .updateTable('articles')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the article unless it is published (checked again here: a publish may have come in between); false then. */
export async function deleteUnpublished(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).where('status', '<>', 1).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function hasConfirmed(db: Db, articleId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('article_view_confirms')
    .select('article_id')
    .where('article_id', '=', articleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function audienceOf(db: Db, id: number): Promise<ArticleAudience> {
  const [people, rules] = await Promise.all([
    db.selectFrom('article_audience').select('user_id').where('article_id', '=', id).orderBy('user_id').execute(),
    db.selectFrom('article_audience_rules').select(['kind', 'ref_id']).where('article_id', '=', id).orderBy('ref_id').execute(),
  ]);
  return {
    dept_ids: rules.filter((r) => r.kind === 'dept').map((r) => r.ref_id),
    role_ids: rules.filter((r) => r.kind === 'role').map((r) => r.ref_id),
    user_ids: people.map((p) => p.user_id),
  };
}

export async function writeAudience(db: Db, id: number, audience: ArticleAudience): Promise<void> {
  await db.deleteFrom('article_audience').where('article_id', '=', id).execute();
  await db.deleteFrom('article_audience_rules').where('article_id', '=', id).execute();
  const people = [...new Set(audience.user_ids)].map((user_id) => ({ article_id: id, user_id }));
  const rules = [
    ...[...new Set(audience.dept_ids)].map((ref_id) => ({ article_id: id, kind: 'dept' as const, ref_id })),
    ...[...new Set(audience.role_ids)].map((ref_id) => ({ article_id: id, kind: 'role' as const, ref_id })),
  ];
  if (people.length > 0) await db.insertInto('article_audience').values(people).execute();
  if (rules.length > 0) await db.insertInto('article_audience_rules').values(rules).execute();
}

/** How many people have opened or confirmed the article: a deletion would lose their record. */
export async function countReaders(db: Db, id: number): Promise<number> {
  const [views, confirms] = await Promise.all([
    db.selectFrom('article_views').select('user_id').where('article_id', '=', id).execute(),
    db.selectFrom('article_view_confirms').select('user_id').where('article_id', '=', id).execute(),
  ]);
  return new Set([...views, ...confirms].map((r) => r.user_id)).size;
}

/** Whether an article type exists (the types' own table; article-types.repo owns its writes). */
export async function typeExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('article_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

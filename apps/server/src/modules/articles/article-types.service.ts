import { ArticleTypeIdZ, ArticleTypeInputZ, ArticleTypeMessages, ArticleTypeSortZ, type ArticleType } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { isUniqueViolation } from '../../db/constraints';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeArticleAdmin } from './articles.policy';
import * as repo from './article-types.repo';

/**
 * Article types (文章类型, issue 15): named kinds of article in an order the administrator sets. Managed by holders
 * of `article_admin`. Every write logs one row of item type `article_type`: create, update (rename) and delete on
 * the type, sort on item id 0 (the list's order has no single subject, as template groups log theirs).
 */

const ITEM_TYPE = 'article_type';

type TypeRow = Awaited<ReturnType<typeof repo.listTypes>>[number];

/** The row with its use: the page disables 删除 with the same reason deleteArticleType gives when asked anyway. */
function presented(row: TypeRow, articleCount: number): ArticleType {
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    article_count: articleCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: { delete: articleCount === 0 },
    delete_blocked_reason: articleCount === 0 ? '' : ArticleTypeMessages.inUse(articleCount),
  };
}

async function requireType(db: Db, id: number): Promise<TypeRow> {
  const row = await repo.findType(db, id);
  if (!row) throw new NotFoundError(ArticleTypeMessages.notFound);
  return row;
}

async function assertNameFree(db: Db, name: string, id: number | null): Promise<void> {
  const same = await repo.findTypeByName(db, name);
  if (same && same.id !== id) throw new ValidationError({ name: [ArticleTypeMessages.nameTaken(name)] });
}

/** Two requests for one name at once both pass assertNameFree on PostgreSQL: the loser gets the same 422, not a 500. */
async function nameGuarded<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ name: [ArticleTypeMessages.nameTaken(name)] });
    throw error;
  }
}

export async function listArticleTypes(ctx: AppContext, caller: Caller): Promise<ArticleType[]> {
  authorizeArticleAdmin(caller);
  const [rows, counts] = await Promise.all([repo.listTypes(ctx.db), repo.countArticlesByType(ctx.db)]);
  return rows.map((row) => presented(row, counts.get(row.id) ?? 0));
}

export async function getArticleType(ctx: AppContext, caller: Caller, params: unknown): Promise<ArticleType> {
  authorizeArticleAdmin(caller);
  const { id } = parse(ArticleTypeIdZ, params);
  const row = await requireType(ctx.db, id);
  const counts = await repo.countArticlesByType(ctx.db, id);
  return presented(row, counts.get(id) ?? 0);
}

/** A new type goes after the last one. */
export async function createArticleType(ctx: AppContext, actor: Actor, body: unknown): Promise<ArticleType> {
  authorizeArticleAdmin(actor.caller);
  const input = parse(ArticleTypeInputZ, body);
  const row = await nameGuarded(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, input.name, null);
      const created = await repo.insertType(trx, { name: input.name, sort: (await repo.lastSort(trx)) + 10 }, nowIso());
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: created.id,
        action: 'create',
        summary: `新建文章类型「${created.name}」`,
        after: { name: created.name },
      });
      return created;
    }),
  );
  return presented(row, 0);
}

/** Renames a type; the same name again changes nothing and logs nothing. */
export async function renameArticleType(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<ArticleType> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleTypeIdZ, params);
  const input = parse(ArticleTypeInputZ, body);
  await nameGuarded(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      const type = await requireType(trx, id);
      await assertNameFree(trx, input.name, id);
      if (type.name === input.name) return;
      await repo.renameType(trx, id, input.name, nowIso());
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: id,
        action: 'update',
        summary: `文章类型「${type.name}」改名为「${input.name}」`,
        before: { name: type.name },
        after: { name: input.name },
      });
    }),
  );
  return getArticleType(ctx, actor.caller, params);
}

/** Refused, with how many articles use it, while any article (in whatever state) is filed under the type. */
export async function deleteArticleType(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleTypeIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const type = await requireType(trx, id);
    const count = (await repo.countArticlesByType(trx, id)).get(id) ?? 0;
    if (count > 0) throw new ConflictError(ArticleTypeMessages.inUse(count));
    await repo.deleteType(trx, id);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除文章类型「${type.name}」`,
      before: { name: type.name, sort: type.sort },
    });
  });
}

/**
 * POST /api/articletype/sort, as template groups are sorted: the listed types take the first places in the order
 * given, those left out follow in their old order; positions become 10, 20, 30 …. The same order again logs nothing.
 */
export async function sortArticleTypes(ctx: AppContext, actor: Actor, body: unknown): Promise<ArticleType[]> {
  authorizeArticleAdmin(actor.caller);
  const input = parse(ArticleTypeSortZ, body);
  if (new Set(input.ids).size !== input.ids.length) throw new ValidationError({ ids: [ArticleTypeMessages.sortInvalid] });
  await ctx.db.transaction().execute(async (trx) => {
    const types = await repo.listTypes(trx);
    const known = new Set(types.map((t) => t.id));
    const missing = input.ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ValidationError({ ids: [ArticleTypeMessages.sortUnknown(missing)] });
    const listed = new Set(input.ids);
    const order = [...input.ids, ...types.filter((t) => !listed.has(t.id)).map((t) => t.id)];
    const before = types.map((t) => t.id);
    if (JSON.stringify(before) === JSON.stringify(order)) return;
    const byId = new Map(types.map((t) => [t.id, t]));
    const now = nowIso();
    for (const [index, id] of order.entries()) {
      const sort = (index + 1) * 10;
      if (byId.get(id)?.sort !== sort) await repo.setTypeSort(trx, id, sort, now);
    }
    const names = (ids: readonly number[]) => ids.map((id) => byId.get(id)?.name ?? String(id));
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: 0,
      action: 'sort',
      summary: `调整文章类型的顺序：${names(order).join('、')}`,
      before: { order: names(before) },
      after: { order: names(order) },
    });
  });
  return listArticleTypes(ctx, actor.caller);
}

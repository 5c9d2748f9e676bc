import { z } from 'zod';
import { escapeHtml } from '../common/html';

/*
 * Article types (文章类型, issue 15): the kinds an announcement is filed under (通知公告, 规章制度 …), in an order
 * the administrator sets. Managed by holders of `article_admin` through /api/articletype (docs/articles-api.md).
 */

export const ARTICLE_TYPE_NAME_MAX = 30;

export const ArticleTypeMessages = {
  notFound: '文章类型不存在或已被删除',
  nameRequired: '请填写类型名称',
  nameTooLong: `类型名称不能超过 ${ARTICLE_TYPE_NAME_MAX} 个字`,
  nameTaken: (name: string) => `已有名为「${escapeHtml(name)}」的文章类型，请换一个名称`,
  /** Refusing to delete a type that articles are filed under: how many (drafts and withdrawn ones count too). */
  inUse: (count: number) => `该类型下有 ${count} 篇文章，不能删除`,
  sortInvalid: '排序须为文章类型编号的列表',
  sortUnknown: (ids: readonly number[]) => `文章类型不存在：${ids.join('、')}`,
  saved: '已保存',
  deleted: '已删除',
  sorted: '顺序已保存',
} as const;

/** The texts of the 文章类型 administration page. The server's answers are ArticleTypeMessages. */
export const ArticleTypeTexts = {
  title: '文章类型',
  description: '文章和公告按类型归档，类型按这里的顺序排列：拖动左侧手柄或使用上移、下移调整。有文章的类型不能删除。',
  list: '文章类型列表',
  newType: '新建类型',
  rename: '重命名',
  remove: '删除',
  moveUp: '上移',
  moveDown: '下移',
  more: '更多操作',
  name: '类型名称',
  namePlaceholder: '如 通知公告、规章制度',
  articleCountTitle: '文章数',
  articleCount: (count: number) => `${count} 篇文章`,
  actionsTitle: '操作',
  confirmDelete: (name: string) => `确认删除文章类型「${name}」吗？`,
  empty: '还没有文章类型，先新建一个',
} as const;

export const ArticleTypeIdZ = z.object({
  id: z.coerce.number({ error: ArticleTypeMessages.notFound }).int(ArticleTypeMessages.notFound).positive(ArticleTypeMessages.notFound),
});

/** POST /api/articletype and PUT /api/articletype/{id}: a type is its name; its place is set by the sort call. */
export const ArticleTypeInputZ = z.object({
  name: z
    .string({ error: ArticleTypeMessages.nameRequired })
    .trim()
    .min(1, ArticleTypeMessages.nameRequired)
    .max(ARTICLE_TYPE_NAME_MAX, ArticleTypeMessages.nameTooLong),
});
export type ArticleTypeInput = z.infer<typeof ArticleTypeInputZ>;

/** POST /api/articletype/sort: type ids in the new order (those left out follow, in their old order). */
export const ArticleTypeSortZ = z.object({
  ids: z
    .array(z.number().int().positive(), { error: ArticleTypeMessages.sortInvalid })
    .min(1, ArticleTypeMessages.sortInvalid)
    .max(1000, ArticleTypeMessages.sortInvalid),
});

export interface ArticleType {
  id: number;
  name: string;
  /** Position in the list: 10, 20, 30 … (lowest first). */
  sort: number;
  /** Articles filed under the type, whatever their state (draft, published, withdrawn). */
  article_count: number;
  created_at: string;
  updated_at: string;
  /** What the caller may do next with the type; the page shows 删除 from it. */
  abilities: { delete: boolean };
  /** Why 删除 is refused, '' when it is not: the same message the server answers when asked anyway. */
  delete_blocked_reason: string;
}

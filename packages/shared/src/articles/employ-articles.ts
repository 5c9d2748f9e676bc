import type { EmployArticleRow } from './article-admin';

/** The staff's side of announcements (issue 15): the 公告 list page and the dashboard's 公告 card. */
export const EmployArticleTexts = {
  title: '公告',
  /** The list page's address; not in the menu, reached from the dashboard card's 更多 (docs/decisions.md). */
  listPath: '/article/list',
  allTypes: '全部类型',
  typeFilter: '文章类型',
  search: '按标题搜索',
  pinned: '置顶',
  unread: '未读',
  more: '更多',
  empty: '暂时还没有发给你的公告',
  emptyFiltered: '没有符合条件的公告，换个类型或关键词试试',
  cardEmpty: '暂时还没有新公告',
  /** The dashboard's group for articles filed under no type. */
  untyped: '其他',
  /** The dashboard card's tab of every type together. */
  latest: '最新',
} as const;

/** How many announcements the dashboard card shows: the latest few, pinned ones first (the server's order). */
export const DASHBOARD_ARTICLE_COUNT = 5;

/** GET /api/dashboard/article: the latest announcements meant for me, by type (SPEC §7 Articles and dashboard). */
export interface DashboardArticles {
  /** All that is meant for me and I have neither opened nor confirmed, whatever the type. */
  unread: number;
  /** The latest few of all, as the first rows of /api/employ/article (the card's 最新 tab). */
  latest: EmployArticleRow[];
  /** The latest few of each type (pinned first, then newest), the types in their order; articles without a type last. */
  types: DashboardArticleType[];
}

export interface DashboardArticleType {
  type_id: number | null;
  type_name: string;
  unread: number;
  list: EmployArticleRow[];
}

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
} as const;

/** How many announcements the dashboard card shows: the latest few, pinned ones first (the server's order). */
export const DASHBOARD_ARTICLE_COUNT = 5;

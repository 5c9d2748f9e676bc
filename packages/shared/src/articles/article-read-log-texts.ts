/**
 * The words of an article's read log page (/article/read-log/{id}, issue 15) and of the article body as readers see
 * it. The API's types, messages and state labels are in ./article-read-log.ts; these are only what the page itself says.
 */
export const ArticleReadLogTexts = {
  /** The page's address; not in the menu, opened from 文章管理's 阅读记录. */
  path: '/article/read-log',
  title: '阅读记录',
  /** 文章管理, where the page is opened from and where a missing article's page leads back to. */
  listPath: '/article/manage',
  backToList: '返回文章管理',
  status: '状态',
  publishedAt: '发布时间',
  notPublished: '未发布',
  forced: '强制阅读',
  total: '应读',
  opened: '已读',
  confirmed: '已确认',
  unread: '未读',
  completion: '完成率',
  /** Under 完成率: what it counts, which differs for a forced article. */
  completionForced: '已确认 / 应读',
  completionPlain: '已读 / 应读',
  people: '人',
  all: '全部',
  stateFilter: '阅读状态',
  search: '搜索姓名或用户名',
  name: '姓名',
  username: '用户名',
  state: '状态',
  firstOpenedAt: '首次阅读',
  lastOpenedAt: '最近阅读',
  openCount: '次数',
  confirmedAt: '确认时间',
  /** Someone who read it while they were meant to and is no longer (moved to another department, audience changed). */
  outside: '已不在范围内',
  outsideHint: '此人曾阅读本文，但已不在文章的发送范围内，不计入应读人数',
  export: '导出',
  exportHint: '按当前筛选导出 Excel',
  exportEmpty: '当前筛选下没有人员可导出',
  remind: '提醒未读',
  remindOk: '提醒',
  remindTitle: (count: number) => `提醒 ${count} 位未读的人？`,
  remindBody: '他们会收到一条消息通知，请他们尽快阅读本文。每篇文章每天只能提醒一次。',
  empty: '这篇文章还没有应读的人',
  emptyFiltered: '没有符合条件的人，换个状态或关键词试试',
  /** The article body's attachments, below the text. */
  attachments: '附件',
  imageFailed: '图片加载失败',
} as const;

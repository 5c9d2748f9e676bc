import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { ArticleIdZ, type ArticleStatus } from './article-admin';

/*
 * 阅读记录 of one article (issue 15, docs/articles-api.md "Read log"): for holders of article_admin, who of its
 * audience opened it and who confirmed it when, who has not, by department; its xlsx export; and 提醒, an in-app
 * notice to those who have not read it, at most once a day per article.
 */

/** A person's reading of the article: 已确认 (forced articles only), 已读 (opened), 未读. */
export const READ_STATES = ['unread', 'opened', 'confirmed'] as const;
export type ReadState = (typeof READ_STATES)[number];

export const READ_STATE_LABELS: Readonly<Record<ReadState, string>> = {
  unread: '未读',
  opened: '已读',
  confirmed: '已确认',
};

/** The group of people without a department. */
export const NO_DEPT_NAME = '未分配部门';

export const ArticleReadLogMessages = {
  stateInvalid: '阅读状态须为 unread、opened 或 confirmed',
  keywordTooLong: '搜索关键字不能超过 50 个字',
  /** 提醒 of a draft or a withdrawn article: nobody can read it now. */
  remindUnpublished: '只有已发布的文章可以提醒',
  remindTooSoon: '今天已提醒过，请明天再试',
  remindNobody: '所有人都已阅读，无需提醒',
  reminded: (count: number) => `已提醒 ${escapeHtml(count)} 人`,
} as const;

/** The read log's xlsx export: its column heads, in the file's order, and its file name (the page's words: article-read-log-texts.ts). */
export const ArticleReadExportTexts = {
  dept: '部门',
  name: '姓名',
  username: '用户名',
  state: '状态',
  firstOpenedAt: '首次阅读时间',
  lastOpenedAt: '最近阅读时间',
  openCount: '阅读次数',
  confirmedAt: '确认时间',
  /** The sheet's name. */
  sheet: '阅读记录',
  /**
   * The title as the administrator wrote it, but for the characters no file name may hold (Windows' \\ / : * ? " < > |
   * and controls), which become _; the download header encodes the rest (RFC 5987).
   */
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
  filename: (title: string) => `阅读记录-${title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')}.xlsx`,
} as const;

/** GET /api/article/view/log and its export: one article, and filters that narrow the people (not the counts). */
export const ArticleReadLogQueryZ = z.object({
  id: ArticleIdZ.shape.id,
  state: z.enum(READ_STATES, { error: ArticleReadLogMessages.stateInvalid }).optional(),
  keyword: z.string().trim().max(50, ArticleReadLogMessages.keywordTooLong).optional(),
});
export type ArticleReadLogQuery = z.infer<typeof ArticleReadLogQueryZ>;

export interface ArticleReadPerson {
  user_id: number;
  name: string;
  username: string;
  dept_name: string;
  first_opened_at: string | null;
  last_opened_at: string | null;
  open_count: number;
  confirmed_at: string | null;
  state: ReadState;
  /** Opened or confirmed it, but the audience no longer names them (moved, a rule changed, disabled). */
  outside?: true;
}

export interface ArticleReadDept {
  /** null: people without a department (NO_DEPT_NAME). */
  dept_id: number | null;
  dept_name: string;
  total: number;
  opened: number;
  confirmed: number;
  completion: number;
  people: ArticleReadPerson[];
}

/**
 * GET /api/article/view/log. `total` counts the audience now and whoever read it though outside it; `opened`
 * everyone who opened or confirmed it; `unread` the rest. `completion` is an integer percent: confirmed/total for a
 * forced article, opened/total otherwise (0 when nobody is counted).
 */
export interface ArticleReadLog {
  article: {
    id: number;
    title: string;
    forceView: number;
    status: ArticleStatus;
    status_label: string;
    published_at: string | null;
  };
  total: number;
  opened: number;
  confirmed: number;
  unread: number;
  completion: number;
  depts: ArticleReadDept[];
  /** 提醒 was sent today (Asia/Shanghai); a second one is refused until tomorrow. */
  reminded_today: boolean;
  abilities: { remind: boolean };
}

/** POST /api/article/{id}/view/remind. */
export interface ArticleRemindResult {
  reminded: number;
}

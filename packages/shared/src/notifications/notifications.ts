import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { BILL_STATUS_LABELS, type BillStatus } from '../bills/status';

/*
 * In-app notifications (issue 13, docs/notifications.md): the bell in the header and the 消息通知 page. Each tells
 * one person of one change of a bill: a task arrived, their bill's result, a bill shared with them, an urge from an
 * initiator, a bill they follow moved on.
 */

/**
 * `article`: 提醒 of an article not yet read (issue 15); its `detail` is the article's title, there is no bill.
 * `survey`: 提醒 of a survey not yet answered (issue 16); its `detail` is the survey's name, opened from 我的问卷.
 */
export const NOTICE_KINDS = ['task', 'result', 'share', 'urge', 'tracked', 'article', 'survey'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  task: '待办',
  result: '审批结果',
  share: '抄送',
  urge: '催办',
  tracked: '关注',
  article: '阅读提醒',
  survey: '问卷提醒',
};

export const NOTICE_STATES = ['unread', 'read'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const NoticeMessages = {
  notFound: '通知不存在或已被删除',
  read: '已标为已读',
  allRead: '已全部标为已读',
  state: '阅读状态须为 unread 或 read',
  urged: '已催办',
  urgeNotInitiator: '只有发起人可以催办',
  urgeNotDoing: '只有审批中的单据可以催办',
  urgeNobody: '当前没有待审批的人，无需催办',
  /** The once-an-hour rule, with the time the next urge is allowed (HH:mm, the server's local time). */
  settingsSaved: '已保存通知设置',
  mailFlag: '请选择是否接收邮件通知',
  urgeTooSoon: (nextAt: string) => `每张单据一小时内只能催办一次，请于 ${nextAt} 后再试`,
} as const;

/** The statuses a bill's initiator is told of (a withdrawal or abandonment is their own doing). */
export const RESULT_STATUSES: readonly BillStatus[] = ['done', 'rejected', 'closed'];
const RESULT_WORDS: Partial<Record<BillStatus, string>> = { done: '已通过', rejected: '已被驳回', closed: '已被关闭' };

/** GET /api/notifications: newest first; `state` keeps the unread or the read ones. */
export const NoticeListQueryZ = PageQueryZ.extend({
  state: z.enum(NOTICE_STATES, { error: NoticeMessages.state }).optional(),
});
export type NoticeListQuery = z.infer<typeof NoticeListQueryZ>;

export const NoticeIdZ = z.object({
  id: z.coerce.number({ error: NoticeMessages.notFound }).int(NoticeMessages.notFound).positive(NoticeMessages.notFound),
});

export interface NoticeRow {
  id: number;
  kind: NoticeKind;
  kind_text: string;
  /** The sentence shown, plain text (the web renders it as text). */
  text: string;
  bill_id: number | null;
  bill_status: BillStatus | null;
  /** The article an article notice (提醒) tells of; 消息通知 opens it. */
  article_id: number | null;
  actor_name: string | null;
  created_at: string;
  read_at: string | null;
}

/** The box a notification's bill is opened from (the detail page's 返回 goes there). */
export const NOTICE_BOXES: Readonly<Record<NoticeKind, 'todo' | 'mine' | 'shared' | 'tracked'>> = {
  task: 'todo',
  urge: 'todo',
  result: 'mine',
  share: 'shared',
  tracked: 'tracked',
  // No bill to open: the notice names the article, read from 公告 (docs/articles-api.md "提醒").
  article: 'todo',
  survey: 'todo',
};

export interface NoticeCount {
  unread: number;
}

/** What a tracked bill's move says: its new status when it ended, else the node it reached. */
export function trackedDetail(status: BillStatus, nodeName: string | null): string {
  if (status !== 'doing' || !nodeName) return BILL_STATUS_LABELS[status];
  return `到达「${nodeName}」`;
}

/**
 * The sentence of a notification. `bill` is the bill's title, `actor` who caused it; `detail` the node (task), the
 * status (result) or the move (tracked). Plain text: shown as text, never as HTML.
 */
export function noticeText(kind: NoticeKind, parts: { bill: string; actor: string | null; detail: string | null }): string {
  const bill = `「${parts.bill}」`;
  const actor = parts.actor ?? '系统';
  switch (kind) {
    case 'task':
      return parts.detail ? `${bill}待您审批（${parts.detail}）` : `${bill}待您审批`;
    case 'result':
      return `您的${bill}${RESULT_WORDS[parts.detail as BillStatus] ?? parts.detail ?? ''}`;
    case 'share':
      return `${actor} 分享了${bill}给您`;
    case 'urge':
      return `${actor} 催办${bill}，请尽快审批`;
    case 'tracked':
      return `您关注的${bill}${parts.detail ?? ''}`;
    case 'article':
      return `${actor} 提醒您阅读「${parts.detail ?? ''}」`;
    case 'survey':
      return `${actor} 提醒您填写「${parts.detail ?? ''}」`;
  }
}

/** The bell and the 消息通知 page (/notifications). */
export const NoticePageTexts = {
  title: '消息通知',
  all: '全部',
  unread: '未读',
  readAll: '全部标为已读',
  empty: '暂无通知',
  emptyUnread: '没有未读通知',
  /** The bell's accessible name, with the unread count when there is one. */
  bell: (unread: number) => (unread > 0 ? `消息通知（${unread} 条未读）` : '消息通知'),
  unreadMark: '未读',
  mailSwitch: '邮件通知',
  mailOn: '新通知同时发送到我的邮箱',
  mailUnavailable: '系统未配置邮件服务，暂不能发送邮件通知',
  mailNoAddress: '您还没有填写邮箱，请先在个人信息中填写',
} as const;

/** What became of a notification's e-mail. */
export const NOTICE_MAIL_STATES = ['sent', 'skipped', 'failed'] as const;
export type NoticeMailState = (typeof NOTICE_MAIL_STATES)[number];

/** GET/PUT /api/notifications/settings: whether my notifications are also mailed to me. */
export interface NoticeSettings {
  mail: boolean;
  /** The server sends mail (SMTP configured); without it the switch has no effect. */
  mail_available: boolean;
  /** Where they would go; empty when the person has no address. */
  mail_address: string;
}

export const NoticeSettingsZ = z.object({ mail: z.boolean({ error: NoticeMessages.mailFlag }) });

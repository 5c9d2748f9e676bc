import {
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  NoticeIdZ,
  NoticeListQueryZ,
  NoticeSettingsZ,
  NoticeMessages,
  noticeText,
  type NoticeCount,
  type NoticeKind,
  type NoticeRow,
  type NoticeSettings,
  type Paged,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { mailAvailable } from './notifications.mail';
import * as repo from './notifications.repo';

/**
 * In-app notifications (docs/notifications.md). `notify` is called by the module whose change it tells of, inside
 * that change's transaction: the notification commits with the change or not at all (an outbox). Each person reads
 * and marks only their own.
 */

export interface Notice {
  userId: number;
  kind: NoticeKind;
  billId: number | null;
  /** The article it tells of (an article reminder); absent for a bill's notices. */
  articleId?: number | null;
  /** Who caused it; nobody is told of their own doing. */
  actorId: number | null;
  detail?: string | null;
  at: string;
}

/** Writes the notifications of one change, in the caller's transaction; one per person and kind and bill. */
export async function notify(db: Db, notices: readonly Notice[]): Promise<void> {
  const seen = new Set<string>();
  const rows: repo.NewNotice[] = [];
  for (const notice of notices) {
    if (notice.userId === notice.actorId) continue;
    const key = `${notice.userId}:${notice.kind}:${notice.billId ?? ''}:${notice.articleId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      user_id: notice.userId,
      kind: notice.kind,
      bill_id: notice.billId,
      article_id: notice.articleId ?? null,
      actor_id: notice.actorId,
      detail: notice.detail ?? null,
      created_at: notice.at,
    });
  }
  await repo.insertNotices(db, rows);
}

const isKind = (kind: string): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);

/** GET /api/notifications: the caller's notifications, newest first. */
export async function listNotices(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<NoticeRow>> {
  const input = parse(NoticeListQueryZ, query);
  const [rows, total] = await Promise.all([
    repo.pageOfUser(ctx.db, caller.userId, input.state, input.per_page, (input.page - 1) * input.per_page),
    repo.countOfUser(ctx.db, caller.userId, input.state),
  ]);
  const list: NoticeRow[] = [];
  for (const row of rows) {
    // A kind this version does not know (written by a newer one) is left out rather than shown wrong.
    if (!isKind(row.kind)) continue;
    list.push({
      id: row.id,
      kind: row.kind,
      kind_text: NOTICE_KIND_LABELS[row.kind],
      text: noticeText(row.kind, { bill: row.bill_title ?? '', actor: row.actor_name, detail: row.detail }),
      bill_id: row.bill_id,
      bill_status: row.bill_status,
      article_id: row.article_id,
      actor_name: row.actor_name,
      created_at: row.created_at,
      read_at: row.read_at,
    });
  }
  return { list, total, page: input.page, per_page: input.per_page };
}

/** GET /api/notifications/count: the bell's number. */
export async function unreadCount(ctx: AppContext, caller: Caller): Promise<NoticeCount> {
  return { unread: await repo.countOfUser(ctx.db, caller.userId, 'unread') };
}

/** PATCH /api/notifications/{id}/read: someone else's notification is answered as one that does not exist. */
export async function readNotice(ctx: AppContext, caller: Caller, params: unknown): Promise<NoticeCount> {
  const { id } = parse(NoticeIdZ, params);
  if (!(await repo.markRead(ctx.db, caller.userId, id, nowIso()))) throw new NotFoundError(NoticeMessages.notFound);
  return unreadCount(ctx, caller);
}

/** PATCH /api/notifications/read-all. */
export async function readAllNotices(ctx: AppContext, caller: Caller): Promise<NoticeCount> {
  await repo.markAllRead(ctx.db, caller.userId, nowIso());
  return { unread: 0 };
}

/** GET /api/notifications/settings: whether my notifications are also mailed to me. */
export async function getNoticeSettings(ctx: AppContext, caller: Caller): Promise<NoticeSettings> {
  return {
    mail: !(await repo.isMailOff(ctx.db, caller.userId)),
    mail_available: mailAvailable(ctx),
    mail_address: caller.user.mail,
  };
}

/** PUT /api/notifications/settings `{mail}`: a personal preference, kept even while the server sends no mail. */
export async function putNoticeSettings(ctx: AppContext, caller: Caller, body: unknown): Promise<NoticeSettings> {
  const { mail } = parse(NoticeSettingsZ, body ?? {});
  await repo.setMailOff(ctx.db, caller.userId, !mail, nowIso());
  return getNoticeSettings(ctx, caller);
}

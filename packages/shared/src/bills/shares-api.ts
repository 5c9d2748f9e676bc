import { z } from 'zod';

/*
 * 抄送我的 (issue 13): the read state of a share, who a bill is shared with, and taking a share back.
 * PATCH /api/bills/{id}/share and POST /api/bills/shares are in api.ts; docs/approval-api.md lists the endpoints.
 */

export const ShareMessages = {
  unshareUsersRequired: '请选择要取消分享的人',
  /** Taking back a share somebody else made: only its sharer or a bill administrator may. */
  unshareForbidden: '只能取消自己发出的分享',
  unshared: '已取消分享',
  unshareTooMany: '一次最多取消 50 人',
} as const;

/** Texts of the share dialog that place a person's name: rendered by React as text, never as HTML. */
export const ShareTexts = {
  sharedBy: (name: string) => `由 ${name} 分享`,
} as const;

/** A share is 待阅 until its user opens the bill, then 已阅. */
export const SHARE_READ_STATES = ['unread', 'read'] as const;
export type ShareReadState = (typeof SHARE_READ_STATES)[number];
export const SHARE_READ_LABELS: Readonly<Record<ShareReadState, string>> = { unread: '待阅', read: '已阅' };

/** A row of 抄送我的: who shared the bill with me, when, and when I first opened it since (null: 待阅). */
export interface BillListShare {
  shared_by_name: string;
  shared_at: string;
  read_at: string | null;
}

/** PATCH /api/bills/{id}/unshare: the users whose share of this bill is taken back. */
export const BillUnshareZ = z.object({
  user_ids: z
    .array(z.number({ error: ShareMessages.unshareUsersRequired }).int().positive(), { error: ShareMessages.unshareUsersRequired })
    .min(1, ShareMessages.unshareUsersRequired)
    .max(50, ShareMessages.unshareTooMany),
});

/** GET /api/bills/{id}/shares: one person the bill is shared with, for its initiator, sharers and administrators. */
export interface BillShareEntry {
  user_id: number;
  user_name: string;
  dept_name: string | null;
  shared_by: number;
  shared_by_name: string;
  shared_at: string;
  read_at: string | null;
  /** The user took it out of their 抄送我的 (they still may read the bill). */
  ignored: boolean;
  /** The caller may take this share back: its sharer, or a bill administrator. */
  may_unshare: boolean;
}

/** What PATCH /api/bills/{id}/unshare answers: the users whose share ended, and those it is still shared with. */
export interface BillUnshareResult {
  bill_id: number;
  removed: number[];
  user_ids: number[];
}

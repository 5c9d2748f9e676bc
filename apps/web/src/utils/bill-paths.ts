import { LEAVE_SUBJECT_KIND, LeaveTexts, type BillBox, type BillStatus } from '@osp/shared';

/** The addresses of a bill's pages (SPEC §2), for every page that links to a bill. */

export const DETAIL_PATH = '/office/approval/detail';
export const EDIT_PATH = '/office/approval/edit';
export const PRINT_PATH = '/print';

/**
 * SPEC §2 /office/approval/detail?from&billID&origin&status: `from` is the box the user came from (the
 * page's back link), `origin` where the link was shown (a list, the dashboard …), `status` the bill's
 * status when the link was shown (a hint only; the page shows the bill as it is now).
 */
export function detailPath(bill: { id: number; status: BillStatus }, from: BillBox | 'dashboard' | 'print', origin = 'list'): string {
  const query = new URLSearchParams({ from, billID: String(bill.id), origin, status: bill.status });
  return `${DETAIL_PATH}?${query.toString()}`;
}

/**
 * The page a template's new bill is asked for on: a template bound to a module (subject_kind) opens that module's form
 * (请假 → 申请请假, which keeps the balance); any other opens SPEC §2 /office/approval/edit?templateID (iptv=1 for an
 * IPTV template).
 */
export function newBillPath(template: { id: number; is_iptv: number; subject_kind?: string | null }): string {
  if (template.subject_kind === LEAVE_SUBJECT_KIND) return LeaveTexts.newPath;
  const query = new URLSearchParams({ templateID: String(template.id) });
  if (template.is_iptv === 1) query.set('iptv', '1');
  return `${EDIT_PATH}?${query.toString()}`;
}

/** SPEC §2 /office/approval/edit?billID&templateID. */
export function editPath(bill: { id: number; template_id: number }): string {
  return `${EDIT_PATH}?${new URLSearchParams({ billID: String(bill.id), templateID: String(bill.template_id) }).toString()}`;
}

/** SPEC §2 /print?from&billID&templateID; `from` is the page that opened it. */
export function printPath(bill: { id: number; template_id: number }, from: string): string {
  const query = new URLSearchParams({ from, billID: String(bill.id), templateID: String(bill.template_id) });
  return `${PRINT_PATH}?${query.toString()}`;
}

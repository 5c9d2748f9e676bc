import { z } from 'zod';
import { PageQueryZ } from '../common/paging';

/*
 * 访问记录 of a bill (issue 13, SPEC §7 GET /api/bills/access/log): who opened it, when and from which address.
 * Each successful GET /api/bills/{id} by a signed-in user other than the bill's initiator is one open; the same
 * user opening the same bill again within BILL_OPEN_DEDUP_SECONDS of their last recorded open is the same entry.
 * docs/approval-api.md.
 */

/** A refresh storm, or the page refetching after an operation, is one visit. */
export const BILL_OPEN_DEDUP_SECONDS = 60;
/** What is kept of the User-Agent header: enough to tell a browser and a device apart. */
export const BILL_OPEN_USER_AGENT_MAX = 255;
/** Bill ids are 32-bit integers on both engines; a larger number is no bill id (and PostgreSQL would refuse it). */
const BILL_ID_MAX = 2_147_483_647;

export const BillAccessLogMessages = {
  billIdRequired: '请指定要查看访问记录的单据',
  billIdInvalid: '单据编号须为正整数',
  /** A reader of the bill who is neither its initiator nor a bill administrator. */
  forbidden: '只有发起人或审批单据管理员可以查看访问记录',
} as const;

/** `bill_id` as a query string carries it: missing and malformed each get their own message. */
const BillIdQueryZ = z.unknown().transform((value, ctx): number => {
  if (value === undefined || value === '') {
    ctx.addIssue({ code: 'custom', message: BillAccessLogMessages.billIdRequired });
    return z.NEVER;
  }
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > BILL_ID_MAX) {
    ctx.addIssue({ code: 'custom', message: BillAccessLogMessages.billIdInvalid });
    return z.NEVER;
  }
  return id;
});

/** GET /api/bills/access/log?bill_id&page&per_page (DESIGN §4 paging). */
export const BillAccessLogQueryZ = PageQueryZ.extend({ bill_id: BillIdQueryZ });
export type BillAccessLogQuery = z.infer<typeof BillAccessLogQueryZ>;

/** One open of a bill, newest first in the log. */
export interface BillAccessLogEntry {
  id: number;
  user_id: number;
  /** The reader's name as the directory has it now. */
  user_name: string;
  /** The department the reader was in when they opened the bill (null: none). */
  dept_name: string | null;
  opened_at: string;
  /** The address as the server saw it (the proxy's forwarded address when TRUST_PROXY is set). */
  ip: string;
  user_agent: string;
}

/** The 访问记录 tab of the detail page. */
export const BillAccessLogTexts = {
  tab: '访问记录',
  formTab: '表单内容',
  reader: '访问人',
  dept: '部门',
  openedAt: '访问时间',
  ip: 'IP 地址',
  empty: '除发起人外，还没有人打开过这张单据',
  hint: `发起人以外的人每次打开单据详情的时间和地址；同一人 ${BILL_OPEN_DEDUP_SECONDS} 秒内重复打开只记一次。`,
} as const;

import { z } from 'zod';
import type { BillBox } from './api';
import { itemsTotalColumn, MONEY_PATTERN, type FormField, type FormSchema } from './form';
import { BILL_BOX_TITLES } from './pages';

/*
 * GET /api/export/bills (issue 13, docs/approval-api.md "Export"): a box of the approval lists as an xlsx file, with the
 * list's own filters and order. The columns, the file name, the row limit, the readiness cookie the web app polls
 * while its SPEC §9 mask 「正在导出......」 shows (CommonMessages.exporting), and the messages.
 */

/** Most rows one export writes; a box holding more is refused with BillExportMessages.tooMany. */
export const BILL_EXPORT_MAX_ROWS = 100_000;

/**
 * The cookie the server sets on its answer to an export that carries `token`: `<prefix><token>`, value `0` when the
 * file follows, else the envelope's status_code. Readable by script (the web app polls document.cookie each second),
 * one minute long, SameSite=Strict.
 */
export const BILL_EXPORT_COOKIE_PREFIX = 'osp_export_';
export const BILL_EXPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The web app's session cookie (docs/web-contract.md; apps/web/src/api/session.ts TOKEN_COOKIE): a download in a
 * frame cannot send the Authorization header, so GET /api/export/bills also reads the token from it.
 */
export const SESSION_TOKEN_COOKIE = 'osp_token';

export function billExportCookieName(token: string): string {
  return `${BILL_EXPORT_COOKIE_PREFIX}${token}`;
}

export const BillExportMessages = {
  tooMany: `当前列表超过 ${BILL_EXPORT_MAX_ROWS.toLocaleString('en-US')} 张单据，无法一次导出；请按模板、状态或创建日期筛选后分批导出`,
  tokenInvalid: '导出标识须为 8 到 64 位字母、数字、下划线或短横线',
  /** One export at a time per person: the second click of an impatient user, or a second tab. */
  busyUser: '您有一个导出正在进行，请等它完成后再导出',
  busyServer: '当前导出的人较多，请稍后再试',
} as const;

/** The list pages' export button; the mask it shows is CommonMessages.exporting (SPEC §9). */
export const BillExportTexts = {
  button: '导出',
  hint: '按当前筛选和排序导出 Excel',
  emptyHint: '当前列表没有单据可导出',
} as const;

/** The export's own parameter; every other one is the list's (BillListQueryZ; page and per_page are ignored). */
export const BillExportQueryZ = z.object({
  token: z.string({ error: BillExportMessages.tokenInvalid }).regex(BILL_EXPORT_TOKEN_PATTERN, BillExportMessages.tokenInvalid).optional(),
});

export const BILL_EXPORT_COLUMN_LABELS = {
  id: '单据编号',
  title: '标题',
  template: '审批模板',
  initiator: '发起人',
  dept: '发起部门',
  status: '状态',
  node: '当前节点',
  amount: '金额（元）',
  received_at: '到达时间',
  on_behalf_of: '代审批',
  shared_by: '分享人',
  shared_at: '分享时间',
  read_state: '阅读状态',
  created_at: '创建时间',
  released_at: '提交时间',
  updated_at: '更新时间',
} as const;
export type BillExportColumn = keyof typeof BILL_EXPORT_COLUMN_LABELS;

/**
 * The columns of a box's file: what its list page shows, spelt out one fact a column (the title cell's template
 * name and number, the initiator's department), plus the bill's amount and every time the bill has. 我发起的 and
 * 草稿箱 hold only the caller's own bills, so they have no initiator; a draft has no status, node or submission.
 * 抄送我的 adds who shared the bill, when, and whether the caller has read it since (待阅 / 已阅), as its list does.
 */
export function billExportColumns(box: BillBox): BillExportColumn[] {
  switch (box) {
    case 'todo':
      return ['id', 'title', 'template', 'initiator', 'dept', 'status', 'node', 'amount', 'received_at', 'on_behalf_of', 'created_at'];
    case 'done':
    case 'tracked':
      return ['id', 'title', 'template', 'initiator', 'dept', 'status', 'node', 'amount', 'created_at', 'released_at', 'updated_at'];
    case 'shared':
      return [
        'id',
        'title',
        'template',
        'initiator',
        'dept',
        'status',
        'shared_by',
        'shared_at',
        'read_state',
        'node',
        'amount',
        'created_at',
        'released_at',
        'updated_at',
      ];
    case 'mine':
      return ['id', 'title', 'template', 'status', 'node', 'amount', 'created_at', 'released_at', 'updated_at'];
    case 'draft':
      return ['id', 'title', 'template', 'amount', 'created_at', 'updated_at'];
  }
}

/** 「我发起的-20261125.xlsx」: the box as the menu names it and the day of the export (YYYYMMDD, Asia/Shanghai). */
export function billExportFilename(box: BillBox, day: string): string {
  return `${BILL_BOX_TITLES[box]}-${day}.xlsx`;
}

/**
 * The field a bill's amount is read from: the form's first 金额 field, or an items table whose total column is money
 * (its total is stored under the table's key), in form order. None: the bill has no amount (a leave request).
 */
export function amountField(schema: FormSchema): FormField | undefined {
  return schema.fields.find(
    (field) => field.type === 'money' || (field.type === 'items' && itemsTotalColumn(schema.fields, field.key)?.type === 'money'),
  );
}

/**
 * A stored money value (a decimal string of at most 13 + 2 digits, DESIGN §4) as the number a spreadsheet sums;
 * every such value is exact to the cent in a double. null when empty or not money at all.
 */
export function amountValue(stored: unknown): number | null {
  if (typeof stored !== 'string' || !MONEY_PATTERN.test(stored)) return null;
  return Number(stored);
}

import { escapeHtml } from '../common/html';
import { HOLIDAY_DAYS_MAX, HolidayAdminMessages } from './holiday-admin';

/*
 * HR's balance import, export and import template (issue 17, SPEC §7 Holiday: POST /api/holiday/stats/importData,
 * GET /api/holiday/stats/export and /importTemplate; docs/holiday.md "Import and export"), for holders of
 * `holiday_admin`. An import sets each listed person's total of a year, all rows or none.
 */

/**
 * The import template's columns in order; an export writes 账号 and 姓名 first and 年份, 总天数 after them, so that an
 * exported file can be edited and imported again (columns are found by their header, extra ones ignored).
 */
export const HOLIDAY_IMPORT_COLUMNS = [
  { key: 'username', header: '账号', required: true },
  { key: 'name', header: '姓名', required: false },
  { key: 'year', header: '年份', required: true },
  { key: 'total', header: '总天数', required: true },
] as const;

export type HolidayImportColumn = (typeof HOLIDAY_IMPORT_COLUMNS)[number]['key'];

/** Limits of one import: those of the user import (docs/admin-users.md). */
export const HOLIDAY_IMPORT_MAX_ROWS = 5000;
export const HOLIDAY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The reason kept in each person's history (holiday_changes) for a total set by an import. */
export const HOLIDAY_IMPORT_REASON = '批量导入';

export const HolidayImportMessages = {
  fileRequired: '请选择要导入的文件',
  tooLarge: (bytes: number) => `文件不能超过${Math.round(bytes / 1024 / 1024)}MB`,
  notXlsx: '文件格式错误，请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）',
  badHeader: (missing: string[]) => `表头与导入模板不一致，缺少列：${missing.map(escapeHtml).join('、')}。请下载导入模板后填写`,
  empty: '文件中没有假期额度数据，请从第2行开始填写',
  tooManyRows: (max: number) => `一次最多导入${escapeHtml(max)}行，请分批导入`,
  /** Some rows are bad: nothing was imported; `data.rows` lists every bad row with its reasons. */
  failed: (rows: number) => `导入失败：共${escapeHtml(rows)}行有误，未导入任何假期额度，请修改后重新上传`,
  /** Leave taken or applied for while the import was written left a row's total too small: nothing was imported. */
  raced: (rows: number) =>
    `导入失败：导入期间有${escapeHtml(rows)}行的已用或申请中天数发生变化，总天数已少于两者之和，未导入任何假期额度，请修改后重新上传`,
  imported: (rows: number, changed: number) => `成功导入${escapeHtml(rows)}行假期额度，其中${escapeHtml(changed)}行的总天数有变化`,
  exportTooLarge: (max: number) => `一次最多导出${escapeHtml(max)}人，请按部门筛选后分别导出`,

  usernameRequired: '账号不能为空',
  usernameUnknown: (username: string) => `账号“${escapeHtml(username)}”不存在`,
  usernameDisabled: (username: string) => `账号“${escapeHtml(username)}”已停用`,
  yearRequired: '年份不能为空',
  yearInvalid: HolidayAdminMessages.yearInvalid,
  totalRequired: '总天数不能为空',
  totalInvalid: '总天数须为不小于 0 的整数或半天（如 10、7.5）',
  totalAboveMax: `总天数不能超过 ${HOLIDAY_DAYS_MAX} 天`,
  belowUsed: (total: number, used: number, applying: number) =>
    `总天数 ${escapeHtml(total)} 天少于已用 ${escapeHtml(used)} 天与申请中 ${escapeHtml(applying)} 天之和`,
  duplicate: (username: string, year: number, row: number) =>
    `账号“${escapeHtml(username)}”的 ${escapeHtml(year)} 年额度与第${escapeHtml(row)}行重复`,
} as const;

/** One refused row: its number as the spreadsheet shows it (the header is row 1), what it names, every reason. */
export interface HolidayImportRowError {
  row: number;
  username: string;
  /** The 姓名 cell as typed (for display only). */
  name: string;
  messages: string[];
}

/** data of a refused import (status_code 422). */
export interface HolidayImportFailure {
  errors?: Record<string, string[]>;
  rows: HolidayImportRowError[];
}

export interface HolidayImportResult {
  /** Rows read and applied. */
  imported: number;
  /** Of them, the rows whose total changed (each kept in the person's history). */
  changed: number;
}

/** The words of 假期额度's import, template and export (HolidayStatsPage and its import dialog). */
export const HolidayImportTexts = {
  import: '导入',
  template: '下载模板',
  export: '导出',
  exportHint: '按当前的年度、部门与关键字导出为 Excel',
  dialogTitle: '导入假期额度',
  dialogHelp: (max: number) =>
    `按模板填写账号、年份与总天数后上传 .xlsx 文件，一次最多 ${max} 行。导入把每人该年度的总天数设为文件中的值，记入其调整记录；任何一行有误时不导入任何额度，并列出所有有误的行。`,
  file: 'Excel 文件',
  drop: '点击或拖拽 .xlsx 文件到此处',
  start: '开始导入',
  columnRow: '行号',
  columnUsername: '账号',
  columnName: '姓名',
  columnReasons: '原因',
  rowNumber: (row: number) => `第 ${row} 行`,

  /** The file names and the sheet (Chinese names, sent with an ASCII fallback). */
  templateFilename: '假期额度导入模板.xlsx',
  exportFilename: (year: number, day: string) => `假期额度_${year}年_${day}.xlsx`,
  sheet: '假期额度',
  /** The example row of the template: a made-up person, so that an untouched template imports nobody. */
  exampleUsername: 'wangxiaoming',
  exampleName: '王小明',
  exampleTotal: 10,

  columns: {
    username: '账号',
    name: '姓名',
    dept: '部门',
    year: '年份',
    total: '总天数',
    used: '已用天数',
    applying: '申请中天数',
    available: '可用天数',
  },
} as const;

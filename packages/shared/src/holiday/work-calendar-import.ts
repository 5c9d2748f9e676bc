import { escapeHtml } from '../common/html';
import { HolidayAdminTexts } from './holiday-admin-texts';
import { HOLIDAY_IMPORT_MAX_BYTES, HolidayImportMessages } from './holiday-import';
import { WORK_CALENDAR_KINDS, WORK_CALENDAR_YEAR_MAX, WorkCalendarMessages, type WorkCalendarKind } from './work-calendar';

/*
 * The work calendar's xlsx import (issue 17: POST /api/holiday/calendar/{year}/importData and
 * GET /api/holiday/calendar/importTemplate; docs/holiday.md "Work calendar"), for holders of `holiday_admin`: the State
 * Council's schedule of a year loaded from a spreadsheet. A good file replaces the year's entries as the PUT does; a
 * file with any bad row changes nothing and names every bad row with all its reasons.
 */

/** The template's columns in order; columns are found by their header (any order, extra ones ignored). */
export const WORK_CALENDAR_IMPORT_COLUMNS = [
  { key: 'day', header: '日期', required: true },
  { key: 'kind', header: '类型', required: true },
  { key: 'name', header: '名称', required: false },
] as const;

export type WorkCalendarImportColumn = (typeof WORK_CALENDAR_IMPORT_COLUMNS)[number]['key'];

/** A file holds at most a year's entries (as the PUT); its size is bounded as the balance import's. */
export const WORK_CALENDAR_IMPORT_MAX_ROWS = WORK_CALENDAR_YEAR_MAX;
export const WORK_CALENDAR_IMPORT_MAX_BYTES = HOLIDAY_IMPORT_MAX_BYTES;

/**
 * The 类型 cell's words: the page's labels (节假日, 调休上班) and the kinds themselves (holiday, workday), whatever
 * their case or surrounding spaces. Undefined for anything else.
 */
export function workCalendarKindOf(text: string): WorkCalendarKind | undefined {
  const word = text.trim().toLowerCase();
  return WORK_CALENDAR_KINDS.find((kind) => word === kind || word === HolidayAdminTexts.kinds[kind]);
}

export const WorkCalendarImportMessages = {
  fileRequired: HolidayImportMessages.fileRequired,
  tooLarge: HolidayImportMessages.tooLarge,
  notXlsx: HolidayImportMessages.notXlsx,
  badHeader: (missing: string[]) => `表头与导入模板不一致，缺少列：${missing.map(escapeHtml).join('、')}。请下载导入模板后填写`,
  empty: '文件中没有日期，请从第2行开始填写',
  tooManyRows: (max: number) => `一年最多填写 ${escapeHtml(max)} 天，文件中的行数超过了这个数`,
  /** Some rows are bad: nothing was imported; `data.rows` lists every bad row with its reasons. */
  failed: (rows: number, year: number) =>
    `导入失败：共${escapeHtml(rows)}行有误，${escapeHtml(year)} 年的工作日历未作任何修改，请修改后重新上传`,
  imported: (year: number, holidays: number, workdays: number) =>
    `已导入 ${escapeHtml(year)} 年工作日历：节假日 ${escapeHtml(holidays)} 天，调休上班 ${escapeHtml(workdays)} 天`,

  dayRequired: '日期不能为空',
  dayInvalid: WorkCalendarMessages.dayInvalid,
  kindRequired: '类型不能为空',
  kindUnknown: (text: string) => `类型“${escapeHtml(text)}”无法识别，须为“节假日”或“调休上班”`,
  duplicate: (day: string, row: number) => `${escapeHtml(day)} 与第${escapeHtml(row)}行重复`,
} as const;

/** One refused row: its number as the spreadsheet shows it (the header is row 1), its cells, every reason. */
export interface WorkCalendarImportRowError {
  row: number;
  /** The day as read (YYYY-MM-DD when it is one, else the cell's text). */
  day: string;
  /** The 类型 cell as typed. */
  kind: string;
  name: string;
  messages: string[];
}

/** data of a refused import (status_code 422). */
export interface WorkCalendarImportFailure {
  errors?: Record<string, string[]>;
  rows: WorkCalendarImportRowError[];
}

/** The words of 工作日历's import and template (HolidayCalendarPage and its import dialog). */
export const WorkCalendarImportTexts = {
  import: '导入',
  template: '下载模板',
  dialogTitle: '导入工作日历',
  dialogHelp: (max: number) =>
    `按模板填写日期（YYYY-MM-DD 或 Excel 日期）、类型（节假日 或 调休上班）与名称后上传 .xlsx 文件，一年最多 ${max} 行。导入替换所选年度的全部节假日与调休上班；任何一行有误时不作任何修改，并列出所有有误的行。`,
  year: '年度',
  file: 'Excel 文件',
  drop: '点击或拖拽 .xlsx 文件到此处',
  start: '开始导入',
  columnRow: '行号',
  columnDay: '日期',
  columnKind: '类型',
  columnName: '名称',
  columnReasons: '原因',
  rowNumber: (row: number) => `第 ${row} 行`,
  /** Asked before importing over unsaved edits of the page. */
  discardTitle: '有未保存的修改，仍要导入吗？',
  discardContent: '导入成功后，所选年度的工作日历将被文件中的日期替换，页面上未保存的修改将被放弃。',
  discardOk: '继续导入',
  discardCancel: '取消',

  /** The file name and the sheet (a Chinese name, sent with an ASCII fallback). */
  templateFilename: '工作日历导入模板.xlsx',
  sheet: '工作日历',
  /**
   * The template's example rows: days of the State Council's published 2025 schedule (国庆节、中秋节 1–8 October,
   * worked Sunday 28 September), so that an untouched template imported into any other year is refused, not saved.
   */
  examples: [
    { day: '2025-10-01', kind: '节假日', name: '国庆节' },
    { day: '2025-09-28', kind: '调休上班', name: '国庆节调休' },
  ],
} as const;

import { z } from 'zod';
import { escapeHtml } from '../common/html';
import type { LeaveType } from './leave';

/*
 * HR's leave types (issue 17, docs/leave.md "Leave types"): the types staff choose on 申请请假 and their rules — counts
 * against the annual balance, half days allowed, a certificate over n days. A type is never deleted (requests and
 * bills name it) and its name is fixed once created: HR switches a type off and creates another instead.
 */

export const LEAVE_TYPE_NAME_MAX = 20;
export const LEAVE_TYPES_MAX = 40;

export const LeaveTypeMessages = {
  nameRequired: '请填写类型名称',
  nameTooLong: `类型名称不能超过 ${LEAVE_TYPE_NAME_MAX} 个字`,
  nameTaken: (name: string) => `类型「${escapeHtml(name)}」已存在`,
  nameFixed: '类型名称创建后不能修改；如需改名，请停用后新建',
  attachmentInvalid: '证明附件天数须为 0 到 366 之间的整数或半天，不需要时留空',
  flagInvalid: '请选择是或否',
  notFound: '请假类型不存在',
  tooMany: `请假类型最多 ${LEAVE_TYPES_MAX} 个`,
  created: '请假类型已新建',
  saved: '请假类型已保存',
} as const;

const isHalfDays = (value: number) => Number.isInteger(value * 2) && value >= 0 && value <= 366;

const flag = z.boolean({ error: LeaveTypeMessages.flagInvalid });

/** PUT /api/holiday/leave-types/{id}: the rules; POST adds the name. */
export const LeaveTypeRulesZ = z.object({
  counts_balance: flag,
  half_day: flag,
  attachment_over_days: z
    .number({ error: LeaveTypeMessages.attachmentInvalid })
    .refine(isHalfDays, LeaveTypeMessages.attachmentInvalid)
    .nullable()
    .default(null),
  enabled: flag.default(true),
});

export const LeaveTypeCreateZ = LeaveTypeRulesZ.extend({
  name: z
    .string({ error: LeaveTypeMessages.nameRequired })
    .trim()
    .min(1, LeaveTypeMessages.nameRequired)
    .max(LEAVE_TYPE_NAME_MAX, LeaveTypeMessages.nameTooLong),
});

export const LeaveTypeIdZ = z.object({
  id: z.coerce
    .number({ error: LeaveTypeMessages.notFound })
    .int(LeaveTypeMessages.notFound)
    .positive(LeaveTypeMessages.notFound)
    .max(2_147_483_647, LeaveTypeMessages.notFound),
});

/** A name sent with an update must be the type's own. */
export const LeaveTypeUpdateZ = LeaveTypeRulesZ.extend({ name: z.string().trim().optional() });

export type LeaveTypeCreate = z.input<typeof LeaveTypeCreateZ>;
export type LeaveTypeRules = z.input<typeof LeaveTypeRulesZ>;

/** A type as HR manages it: enabled or not, and how many requests name it. */
export interface LeaveTypeAdmin extends LeaveType {
  enabled: boolean;
  request_count: number;
}

export const LeaveTypeTexts = {
  path: '/holiday/types',
  title: '请假类型',
  description: '员工申请请假时可选的类型与规则；停用的类型不再可选，已有的请假记录不受影响。',
  add: '新建类型',
  edit: '编辑',
  columnName: '类型',
  columnCounts: '占用年假额度',
  columnHalf: '可请半天',
  columnAttachment: '证明附件',
  columnEnabled: '状态',
  columnRequests: '请假记录',
  columnActions: '操作',
  yes: '是',
  no: '否',
  enabled: '启用',
  disabled: '停用',
  attachmentNever: '不需要',
  attachmentAlways: '必须上传',
  attachmentOver: (days: number) => `超过 ${days} 天须上传`,
  createTitle: '新建请假类型',
  editTitle: (name: string) => `编辑请假类型「${name}」`,
  name: '类型名称',
  namePlaceholder: '如：哺乳假',
  counts: '占用年假额度',
  countsHelp: '开启后，申请时检查并占用本人年假余额',
  half: '可请半天',
  attachment: '超过几天须上传证明附件',
  attachmentHelp: '留空表示不需要；填 0 表示总是需要',
  enabledLabel: '启用',
  save: '保存',
  empty: '暂无请假类型',
} as const;

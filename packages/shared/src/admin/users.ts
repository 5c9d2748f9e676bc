import { escapeHtml } from '../common/html';
import { z } from 'zod';
import { PasswordMessages } from '../auth/messages';
import { isCommonPassword, isStrongPassword } from '../auth/password';
import { PageQueryZ } from '../common/paging';
import { ProfileMessages } from '../users/messages';
import { isMail, isMobile, SEX_VALUES } from '../users/rules';

/**
 * User administration (系统管理 → 用户管理, permission sys_user): schemas, messages and labels shared
 * by the server (apps/server/src/modules/admin-users) and the web page (features/admin-users).
 * docs/admin-users.md records the decisions behind them.
 */

export const AdminUserMessages = {
  usernameRequired: '用户名不能为空',
  usernameInvalid: '用户名须为2-64位小写字母、数字、点、下划线或短横线，并以字母或数字开头',
  usernameTaken: '用户名已存在，请换一个',
  nameRequired: '姓名不能为空',
  nameTooLong: '姓名不能超过64个字符',
  stationTooLong: '岗位不能超过100个字符',
  deptRequired: '请选择部门',
  deptUnknown: '所选部门不存在，请刷新后重新选择',
  roleUnknown: (key: string) => `角色“${escapeHtml(key)}”不存在，请刷新后重新选择`,
  statusInvalid: '状态只能是启用或禁用',
  initialPasswordRequired: '初始密码不能为空',
  keywordTooLong: '搜索内容不能超过50个字符',

  cannotDisableSelf: '不能禁用自己的账号',
  cannotResetOwnPassword: '不能在此重置自己的密码，请使用右上角用户菜单中的“修改密码”',

  created: '用户已创建',
  updated: '用户信息已保存',
  enabled: '用户已启用',
  disabled: '用户已禁用，其所有会话已注销',
  passwordReset: '密码已重置，该用户的所有会话已注销',
  rolesAssigned: '角色已更新，下一次操作起生效',
  sessionRevoked: '会话已注销',
  sessionsRevoked: (count: number) => `已注销${count}个会话`,
  sessionNotFound: '会话不存在或已失效',

  confirmDisable: (name: string) => `确认禁用用户“${name}”吗？禁用后其所有会话立即注销，且不能再登录。`,
  confirmEnable: (name: string) => `确认启用用户“${name}”吗？`,
  confirmRevokeAll: '确认注销该用户的全部会话吗？其所有已登录的设备需要重新登录。',
} as const;

export const UserImportMessages = {
  fileRequired: '请选择要导入的文件',
  notXlsx: '文件格式错误，请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）',
  tooLarge: (bytes: number) => `文件不能超过${Math.round(bytes / 1024 / 1024)}MB`,
  unsafe: '文件结构异常（条目过多或解压后过大），已拒绝处理，请使用导入模板重新填写',
  badHeader: (missing: string[]) => `表头与导入模板不一致，缺少列：${missing.join('、')}。请下载导入模板后填写`,
  empty: '文件中没有用户数据，请从第2行开始填写',
  tooManyRows: (max: number) => `一次最多导入${max}个用户，请分批导入`,
  failed: (rows: number) => `导入失败：共${rows}行有误，未导入任何用户，请修改后重新上传`,
  imported: (count: number) => `成功导入${count}个用户`,
  raced: '导入期间有用户名被占用，未导入任何用户，请重新上传',

  usernameDuplicateInFile: (username: string, row: number) => `用户名“${username}”与第${row}行重复`,
  usernameExists: (username: string) => `用户名“${username}”已存在`,
  sexInvalid: '性别须填写“男”或“女”',
  deptRequired: '部门不能为空',
  deptUnknown: (name: string) => `部门“${name}”不存在`,
  deptAmbiguous: (name: string) => `有多个名为“${name}”的部门，请填写完整路径，如“星河科技有限公司/技术部”`,
  roleUnknown: (name: string) => `角色“${name}”不存在`,
} as const;

/** Sign-in names: lower case so that two accounts can never differ by case alone. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

export const UserStatusLabels: Record<number, string> = { 1: '正常', 0: '禁用' };

/** The initial or reset password an administrator sets: SPEC §5 rules plus the common-password list. */
export function passwordProblem(password: string): string | undefined {
  if (!isStrongPassword(password)) return PasswordMessages.strength;
  if (isCommonPassword(password)) return PasswordMessages.tooCommon;
  return undefined;
}

const InitialPasswordZ = z
  .string({ error: AdminUserMessages.initialPasswordRequired })
  .min(1, AdminUserMessages.initialPasswordRequired)
  .superRefine((value, ctx) => {
    const problem = value === '' ? undefined : passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const UsernameZ = z
  .string({ error: AdminUserMessages.usernameRequired })
  .trim()
  .min(1, AdminUserMessages.usernameRequired)
  .refine((v) => v === '' || isValidUsername(v), AdminUserMessages.usernameInvalid);

/** The fields an administrator edits; the user's own fields (phone, wechat, photo) stay theirs. */
const userFields = {
  name: z
    .string({ error: AdminUserMessages.nameRequired })
    .trim()
    .min(1, AdminUserMessages.nameRequired)
    .max(64, AdminUserMessages.nameTooLong),
  sex: z.enum(SEX_VALUES, { error: ProfileMessages.sexRequired }),
  dept_id: z.number({ error: AdminUserMessages.deptRequired }).int(AdminUserMessages.deptRequired).positive(AdminUserMessages.deptRequired),
  station: z.string().trim().max(100, AdminUserMessages.stationTooLong).optional().default(''),
  // Empty or missing says what to do (请输入手机号), not that a number nobody typed is wrong.
  mobile: z
    .string({ error: ProfileMessages.mobileRequired })
    .trim()
    .min(1, ProfileMessages.mobileRequired)
    .refine((v) => v === '' || isMobile(v), ProfileMessages.mobileInvalid),
  mail: z.string({ error: ProfileMessages.mailInvalid }).trim().refine(isMail, ProfileMessages.mailInvalid),
};

const RoleKeysZ = z.array(z.string().trim().min(1).max(64)).max(50);

/** POST /api/admin/users. */
export const AdminUserCreateZ = z.object({
  username: UsernameZ,
  ...userFields,
  roles: RoleKeysZ.optional().default([]),
  passwd: InitialPasswordZ,
});
export type AdminUserCreate = z.input<typeof AdminUserCreateZ>;

/** PUT /api/admin/users/{id}: the username (the sign-in name) and the password are not edited here. */
export const AdminUserUpdateZ = z.object(userFields);
export type AdminUserUpdate = z.input<typeof AdminUserUpdateZ>;

/** PATCH /api/admin/users/{id}/status. */
export const AdminUserStatusZ = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: AdminUserMessages.statusInvalid }),
});
export type AdminUserStatus = z.infer<typeof AdminUserStatusZ>;

/** PUT /api/admin/users/{id}/roles: the complete new set of role keys. */
export const AdminUserRolesZ = z.object({ roles: RoleKeysZ });
export type AdminUserRoles = z.infer<typeof AdminUserRolesZ>;

/** PUT /api/admin/users/{id}/password. */
export const AdminPasswordResetZ = z
  .object({
    passwd: z
      .string({ error: PasswordMessages.newRequired })
      .min(1, PasswordMessages.newRequired)
      .superRefine((value, ctx) => {
        const problem = value === '' ? undefined : passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    passwd_confirmation: z.string({ error: PasswordMessages.confirmRequired }).min(1, PasswordMessages.confirmRequired),
  })
  .superRefine((value, ctx) => {
    if (value.passwd_confirmation && value.passwd !== value.passwd_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwd_confirmation'], message: PasswordMessages.mismatch });
    }
  });
export type AdminPasswordReset = z.infer<typeof AdminPasswordResetZ>;

/** GET /api/admin/users and /export: the list filter. Query strings arrive as text. */
export const AdminUserFilterZ = z.object({
  keyword: z.string().trim().max(50, AdminUserMessages.keywordTooLong).optional(),
  dept_id: z.coerce.number().int().positive().optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, AdminUserMessages.statusInvalid)
    .optional(),
});
export const AdminUserQueryZ = PageQueryZ.extend(AdminUserFilterZ.shape);
export type AdminUserQuery = z.input<typeof AdminUserQueryZ>;
export type AdminUserFilter = z.infer<typeof AdminUserFilterZ>;

/** POST /api/admin/users/import: the one initial password every imported user gets. */
export const UserImportOptionsZ = z.object({ passwd: InitialPasswordZ });

export interface RoleRef {
  key: string;
  name: string;
}

/** One user as the administration page shows it. */
export interface AdminUser {
  id: number;
  username: string;
  name: string;
  sex: string;
  dept: { id: number; name: string } | null;
  station: string;
  mobile: string;
  mail: string;
  /** 1 active, 0 disabled. */
  status: number;
  roles: RoleRef[];
  created_at: string;
  /**
   * What the caller may do with this account: `manage` (edit, status, password, sessions) is false when it
   * holds a permission the caller lacks; `roles` is also false for the caller's own account (issue 11).
   */
  abilities: { manage: boolean; roles: boolean };
  /** Why `manage` is false, in words; '' otherwise. */
  manage_blocked_reason: string;
  /** Why `roles` is false (beyond the caller, or the caller's own account), in words; '' otherwise. */
  roles_blocked_reason: string;
}

/** GET /api/admin/users/role-options: a role for the pickers, and whether the caller may grant it. */
export interface RoleOption extends RoleRef {
  grantable: boolean;
  /** Why it may not be granted, in words; '' otherwise. */
  blocked_reason: string;
}

/** GET /api/admin/users/{id}/sessions: a live (not revoked, not expired) sign-in of the user. */
export interface UserSession {
  id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  /** The session making this request: revoking it signs the administrator out. */
  is_current: boolean;
}

export interface UserImportRowError {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  messages: string[];
}

/** data of a refused import (status_code 422). */
export interface UserImportFailure {
  errors?: Record<string, string[]>;
  rows: UserImportRowError[];
}

export interface UserImportResult {
  imported: number;
}

/**
 * The import template's columns in order; an export writes the same first columns so that an
 * exported file can be edited and imported elsewhere. `required` columns must be present in a file.
 */
export const USER_IMPORT_COLUMNS = [
  { key: 'username', header: '用户名', required: true, hint: '必填；2-64位小写字母、数字、点、下划线或短横线，如 zhangsan' },
  { key: 'name', header: '姓名', required: true, hint: '必填，如 张三' },
  { key: 'sex', header: '性别', required: true, hint: '必填；男 或 女' },
  { key: 'dept', header: '部门', required: true, hint: '必填；部门名称，同名部门请写完整路径，如 星河科技有限公司/技术部' },
  { key: 'station', header: '岗位', required: false, hint: '选填，如 软件工程师' },
  { key: 'mobile', header: '手机号', required: true, hint: '必填；11位手机号，如 13800138000' },
  { key: 'mail', header: '邮箱', required: true, hint: '必填，如 zhangsan@example.com' },
  { key: 'roles', header: '角色', required: false, hint: '选填；角色名称，多个用顿号或逗号分隔，如 普通员工、部门负责人' },
] as const;

export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number]['key'];

/** Limits of one import (docs/admin-users.md). */
export const USER_IMPORT_MAX_ROWS = 5000;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

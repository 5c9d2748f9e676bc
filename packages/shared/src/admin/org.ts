import { escapeHtml } from '../common/html';
import { z } from 'zod';
import { PERMISSIONS } from '../auth/permissions';
import { isMenuIconName } from './menu-icons';
import { POINT_AWARD_MAX, PointMessages } from '../points/points';

/*
 * Administration of departments, roles, menus and global settings (issue 3): request schemas,
 * response types and messages. Every message names the field it is about, so that a toast alone
 * tells the administrator what to fix.
 */

export const DEPT_NAME_MAX = 50;
export const ROLE_NAME_MAX = 32;
export const MENU_NAME_MAX = 32;
export const MENU_PATH_MAX = 255;
export const BANNER_MESSAGE_MAX = 200;
export const URL_MAX = 255;
/** Request time-out bounds (ms): under a second fails ordinary calls, over two minutes hides a hung server. */
export const REQUEST_TIMEOUT_MIN = 1000;
export const REQUEST_TIMEOUT_MAX = 120_000;

export const DeptMessages = {
  nameRequired: '请填写部门名称',
  nameTooLong: `部门名称不能超过${DEPT_NAME_MAX}个字符`,
  nameTaken: (name: string) => `同一上级部门下已有名为「${escapeHtml(name)}」的部门，请换一个名称`,
  parentInvalid: '上级部门格式不正确',
  parentMissing: '上级部门不存在或已被删除',
  positionInvalid: '位置须为不小于 0 的整数',
  moveIntoItself: '不能把部门移动到它自己或它的下级部门之下',
  leaderInvalid: '负责人格式不正确',
  leaderMissing: '负责人不存在，请从列表中选择',
  leaderInactive: '负责人须为已启用的用户',
  notEmpty: (children: number, users: number) => {
    const parts = [children > 0 ? `${children} 个下级部门` : '', users > 0 ? `${users} 名用户` : ''].filter(Boolean);
    return `该部门下还有 ${parts.join('和 ')}，请先移走后再删除`;
  },
  created: '部门已创建',
  renamed: '部门已重命名',
  moved: '部门已移动',
  leaderSaved: '负责人已设置',
  deleted: '部门已删除',
} as const;

export const RoleMessages = {
  keyInvalid: '角色标识须为 2–32 位小写字母、数字或下划线，并以字母开头',
  keyTaken: (key: string) => `角色标识「${escapeHtml(key)}」已被使用，请换一个`,
  nameRequired: '请填写角色名称',
  nameTooLong: `角色名称不能超过${ROLE_NAME_MAX}个字符`,
  nameTaken: (name: string) => `已有名为「${escapeHtml(name)}」的角色，请换一个名称`,
  permissionsInvalid: '权限须为权限标识的列表',
  unknownPermissions: (keys: readonly string[]) => `未知的权限标识：${keys.map(escapeHtml).join('、')}`,
  hasMembers: (count: number) => `该角色下还有 ${count} 名成员，请先在用户管理中取消他们的该角色后再删除`,
  lockout: '至少要有一名已启用的用户保有「角色与权限」权限，否则将无人能再分配权限，此修改已取消',
  created: '角色已创建',
  renamed: '角色已重命名',
  permissionsSaved: '权限已保存，用户下一次操作时生效',
  deleted: '角色已删除',
} as const;

export const MenuMessages = {
  nameRequired: '请填写菜单名称',
  nameTooLong: `菜单名称不能超过${MENU_NAME_MAX}个字符`,
  pathRequired: '请填写菜单路径',
  pathTooLong: `菜单路径不能超过${MENU_PATH_MAX}个字符`,
  pathSlash: '菜单路径须以 / 开头',
  pathChars: '菜单路径只能包含字母、数字和 - _ . / 字符，且不能有连续的 /',
  pathTaken: (path: string, name: string) => `路径「${escapeHtml(path)}」已被菜单「${escapeHtml(name)}」使用`,
  typeInvalid: '菜单类型只能是 0（目录）或 1（页面）',
  iconInvalid: '图标须从图标库中选择',
  builtinInvalid: '内置标志只能是 0（普通）、1（不生成路由）或 2（内置）',
  keepAliveInvalid: '页面缓存只能是 0（关闭）或 1（开启）',
  hiddenInvalid: '隐藏只能是 0（显示）或 1（隐藏）',
  permissionInvalid: (key: string) => `权限标识「${escapeHtml(key)}」不存在，请从权限列表中选择`,
  parentInvalid: '上级菜单格式不正确',
  parentMissing: '上级菜单不存在或已被删除',
  parentNotFolder: '上级菜单须为目录',
  positionInvalid: '位置须为不小于 0 的整数',
  moveIntoItself: '不能把菜单移动到它自己或它的下级菜单之下',
  folderHasChildren: (count: number) => `该目录下还有 ${count} 个子菜单，不能改为页面`,
  folderNotEmpty: (count: number) => `该目录下还有 ${count} 个子菜单，请先移走或删除它们`,
  selfLockout: '此修改会让您自己无法再打开「菜单管理」，已取消',
  created: '菜单已创建',
  updated: '菜单已保存，用户下一次切换页面时生效',
  moved: '菜单已移动',
  deleted: '菜单已删除',
} as const;

export const SETTING_LABELS = {
  header_banner: '页头横幅',
  header_banner_message: '横幅消息',
  qrcode_url: '二维码地址',
  webmail_url: '登录邮箱地址',
  request_timeout: '请求超时',
  wechat_app_id: '微信 AppID',
  wechat_redirect_url: '微信回调地址',
  wechat_qr_login: '微信扫码登录',
  default_user: '默认用户',
  point_article_confirm: '确认阅读文章积分',
  point_approval_timely: '及时审批积分',
  point_survey_answer: '填写问卷积分',
} as const;

export type AdminSettingKey = keyof typeof SETTING_LABELS;

export const SettingMessages = {
  flagInvalid: (label: string) => `${label}只能是 0（关闭）或 1（开启）`,
  bannerMessageTooLong: `横幅消息不能超过${BANNER_MESSAGE_MAX}个字符`,
  bannerMessageRequired: '开启页头横幅时须填写横幅消息',
  urlInvalid: (label: string) => `${label}须为以 http:// 或 https:// 开头的网址`,
  urlTooLong: (label: string) => `${label}不能超过${URL_MAX}个字符`,
  timeoutRange: `请求超时须为 ${REQUEST_TIMEOUT_MIN} 到 ${REQUEST_TIMEOUT_MAX} 之间的整数（毫秒）`,
  wechatAppIdInvalid: '微信 AppID 须为 wx 开头的 18 位字母或数字',
  wechatNeedsAppId: '开启微信扫码登录时须填写微信 AppID',
  wechatNeedsRedirect: '开启微信扫码登录时须填写微信回调地址',
  defaultUserInvalid: '默认用户须为已启用用户的用户名',
  saved: '设置已保存',
} as const;

// ---------- Departments ----------

const deptName = z
  .string({ error: DeptMessages.nameRequired })
  .trim()
  .min(1, DeptMessages.nameRequired)
  .max(DEPT_NAME_MAX, DeptMessages.nameTooLong);
const id = (message: string) => z.number({ error: message }).int(message).positive(message);
const position = (message: string) => z.number({ error: message }).int(message).min(0, message);

export const DeptCreateZ = z.object({
  name: deptName,
  parent_id: id(DeptMessages.parentInvalid).nullable().default(null),
});
export type DeptCreate = z.infer<typeof DeptCreateZ>;

export const DeptRenameZ = z.object({ name: deptName });
export type DeptRename = z.infer<typeof DeptRenameZ>;

/** Drag and drop: the new parent (null for the top level) and the place among its children. */
export const DeptMoveZ = z.object({
  parent_id: id(DeptMessages.parentInvalid).nullable(),
  position: position(DeptMessages.positionInvalid),
});
export type DeptMove = z.infer<typeof DeptMoveZ>;

export const DeptLeaderZ = z.object({ leader_id: id(DeptMessages.leaderInvalid).nullable() });
export type DeptLeader = z.infer<typeof DeptLeaderZ>;

/** GET /api/admin/depts: the tree with what the page shows and what may be done next. */
export interface AdminDept {
  id: number;
  name: string;
  parent_id: number | null;
  leader_id: number | null;
  /** '' without a leader. */
  leader_name: string;
  sort: number;
  /** People whose department this is (not counting sub-departments). */
  user_count: number;
  abilities: { delete: boolean };
  /** Why it cannot be deleted, '' when it can. */
  delete_blocked_reason: string;
  children: AdminDept[];
}

// ---------- Roles and permissions ----------

export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

const roleName = z
  .string({ error: RoleMessages.nameRequired })
  .trim()
  .min(1, RoleMessages.nameRequired)
  .max(ROLE_NAME_MAX, RoleMessages.nameTooLong);

export function isPermissionKey(key: string): key is keyof typeof PERMISSIONS {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, key);
}

/** A list of registry keys; unknown keys are named in the message. Duplicates are dropped. */
const permissionList = z
  .array(z.string({ error: RoleMessages.permissionsInvalid }), { error: RoleMessages.permissionsInvalid })
  .max(200, RoleMessages.permissionsInvalid)
  .superRefine((keys, context) => {
    const unknown = [...new Set(keys.filter((key) => !isPermissionKey(key)))];
    if (unknown.length > 0) context.addIssue({ code: 'custom', message: RoleMessages.unknownPermissions(unknown) });
  })
  .transform((keys) => [...new Set(keys)].sort());

export const RoleCreateZ = z.object({
  key: z.string({ error: RoleMessages.keyInvalid }).trim().regex(ROLE_KEY_PATTERN, RoleMessages.keyInvalid),
  name: roleName,
  permissions: permissionList.default([]),
});
export type RoleCreate = z.input<typeof RoleCreateZ>;

export const RoleRenameZ = z.object({ name: roleName });
export type RoleRename = z.infer<typeof RoleRenameZ>;

export const RolePermissionsZ = z.object({ permissions: permissionList });
export type RolePermissions = z.input<typeof RolePermissionsZ>;

export interface AdminRole {
  id: number;
  key: string;
  name: string;
  permissions: string[];
  member_count: number;
  /** `edit` (rename, permissions) is false when the role carries a permission the caller lacks (issue 11). */
  abilities: { edit: boolean; delete: boolean };
  edit_blocked_reason: string;
  delete_blocked_reason: string;
}

/** GET /api/admin/permissions: the registry grouped by area, in registry order. */
export interface PermissionGroup {
  group: string;
  /**
   * `grantable` (from the server, per caller): only permissions the caller holds can be granted;
   * `blocked_reason` says so in words when not.
   */
  permissions: { key: string; name: string; grantable?: boolean; blocked_reason?: string }[];
}

export function groupPermissions(): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const [key, { name, group }] of Object.entries(PERMISSIONS)) {
    let entry = groups.get(group);
    if (!entry) {
      entry = { group, permissions: [] };
      groups.set(group, entry);
    }
    entry.permissions.push({ key, name });
  }
  return [...groups.values()];
}

// ---------- Menus ----------

export const MENU_PATH_PATTERN = /^\/(?:[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*)?$/;

/** SPEC §2: builtin 0 and 2 are routed, anything else is not. */
export const MenuBuiltinLabels: Record<number, string> = { 0: '普通', 2: '内置', 1: '不生成路由' };

const flag = (message: string) => z.union([z.literal(0), z.literal(1)], { error: message });

const menuFields = {
  name: z
    .string({ error: MenuMessages.nameRequired })
    .trim()
    .min(1, MenuMessages.nameRequired)
    .max(MENU_NAME_MAX, MenuMessages.nameTooLong),
  path: z
    .string({ error: MenuMessages.pathRequired })
    .trim()
    .min(1, MenuMessages.pathRequired)
    .max(MENU_PATH_MAX, MenuMessages.pathTooLong)
    .refine((path) => path.startsWith('/'), MenuMessages.pathSlash)
    .refine((path) => !path.startsWith('/') || MENU_PATH_PATTERN.test(path), MenuMessages.pathChars),
  type: z.union([z.literal(0), z.literal(1)], { error: MenuMessages.typeInvalid }),
  icon: z.string({ error: MenuMessages.iconInvalid }).refine((icon) => icon === '' || isMenuIconName(icon), MenuMessages.iconInvalid),
  builtin: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MenuMessages.builtinInvalid }),
  keep_alive: flag(MenuMessages.keepAliveInvalid),
  hidden: flag(MenuMessages.hiddenInvalid),
  /** A registry key; '' or null for "every signed-in user". */
  permission: z
    .string({ error: MenuMessages.permissionInvalid('') })
    .nullable()
    .superRefine((key, context) => {
      if (key && !isPermissionKey(key)) context.addIssue({ code: 'custom', message: MenuMessages.permissionInvalid(key) });
    })
    .transform((key) => (key ? key : null)),
};

export const MenuCreateZ = z.object({
  ...menuFields,
  icon: menuFields.icon.default(''),
  builtin: menuFields.builtin.default(0),
  keep_alive: menuFields.keep_alive.default(0),
  hidden: menuFields.hidden.default(0),
  permission: menuFields.permission.default(null),
  parent_id: id(MenuMessages.parentInvalid).nullable().default(null),
});
export type MenuCreate = z.input<typeof MenuCreateZ>;

/** Only the fields sent change; the place in the tree changes through the move call. */
export const MenuUpdateZ = z.object(menuFields).partial();
export type MenuUpdate = z.input<typeof MenuUpdateZ>;

export const MenuMoveZ = z.object({
  parent_id: id(MenuMessages.parentInvalid).nullable(),
  position: position(MenuMessages.positionInvalid),
});
export type MenuMove = z.infer<typeof MenuMoveZ>;

/** GET /api/admin/menus: every row with every SPEC §3 field, as a tree. */
export interface AdminMenu {
  id: number;
  name: string;
  path: string;
  type: number;
  parent_id: number | null;
  icon: string;
  builtin: number;
  keep_alive: number;
  hidden: number;
  permission: string | null;
  sort: number;
  children: AdminMenu[];
}

// ---------- Global settings ----------

const httpUrl = (label: string) =>
  z
    .string({ error: SettingMessages.urlInvalid(label) })
    .trim()
    .max(URL_MAX, SettingMessages.urlTooLong(label))
    .refine((value) => value === '' || isHttpUrl(value), SettingMessages.urlInvalid(label));

/** Scheme http or https, a host name (letters, digits, dots, hyphens) or IPv4, optional port, no spaces. */
const HTTP_URL_PATTERN =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}

/**
 * PUT /api/admin/settings: the SPEC §3 settings an administrator changes. Fields not sent keep their
 * value; the rules that join two fields (a banner needs its message) are checked on the result.
 */
export const SettingsUpdateZ = z
  .object({
    header_banner: flag(SettingMessages.flagInvalid(SETTING_LABELS.header_banner)),
    header_banner_message: z
      .string({ error: SettingMessages.bannerMessageTooLong })
      .trim()
      .max(BANNER_MESSAGE_MAX, SettingMessages.bannerMessageTooLong),
    qrcode_url: httpUrl(SETTING_LABELS.qrcode_url),
    webmail_url: httpUrl(SETTING_LABELS.webmail_url).refine(
      (value) => value !== '',
      SettingMessages.urlInvalid(SETTING_LABELS.webmail_url),
    ),
    request_timeout: z
      .number({ error: SettingMessages.timeoutRange })
      .int(SettingMessages.timeoutRange)
      .min(REQUEST_TIMEOUT_MIN, SettingMessages.timeoutRange)
      .max(REQUEST_TIMEOUT_MAX, SettingMessages.timeoutRange),
    wechat_app_id: z
      .string({ error: SettingMessages.wechatAppIdInvalid })
      .trim()
      .refine((value) => value === '' || /^wx[0-9A-Za-z]{16}$/.test(value), SettingMessages.wechatAppIdInvalid),
    wechat_redirect_url: httpUrl(SETTING_LABELS.wechat_redirect_url),
    wechat_qr_login: flag(SettingMessages.flagInvalid(SETTING_LABELS.wechat_qr_login)),
    default_user: z.string({ error: SettingMessages.defaultUserInvalid }).trim().max(64, SettingMessages.defaultUserInvalid),
    point_article_confirm: z
      .number({ error: PointMessages.awardRange })
      .int(PointMessages.awardRange)
      .min(0, PointMessages.awardRange)
      .max(POINT_AWARD_MAX, PointMessages.awardRange),
    point_approval_timely: z
      .number({ error: PointMessages.awardRange })
      .int(PointMessages.awardRange)
      .min(0, PointMessages.awardRange)
      .max(POINT_AWARD_MAX, PointMessages.awardRange),
    point_survey_answer: z
      .number({ error: PointMessages.awardRange })
      .int(PointMessages.awardRange)
      .min(0, PointMessages.awardRange)
      .max(POINT_AWARD_MAX, PointMessages.awardRange),
  })
  .partial();
export type SettingsUpdate = z.input<typeof SettingsUpdateZ>;

/** The rules between fields, on the settings as they would be after the change. */
export function crossCheckSettings(settings: {
  header_banner: number;
  header_banner_message: string;
  wechat_qr_login: number;
  wechat_app_id: string;
  wechat_redirect_url: string;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (settings.header_banner === 1 && settings.header_banner_message === '') {
    errors.header_banner_message = [SettingMessages.bannerMessageRequired];
  }
  if (settings.wechat_qr_login === 1) {
    if (settings.wechat_app_id === '') errors.wechat_app_id = [SettingMessages.wechatNeedsAppId];
    if (settings.wechat_redirect_url === '') errors.wechat_redirect_url = [SettingMessages.wechatNeedsRedirect];
  }
  return errors;
}

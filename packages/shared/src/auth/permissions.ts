/**
 * The registry of permission keys with their Chinese names, grouped by area. Roles grant keys from
 * here; menus, header items and server policies check them. Later areas add theirs.
 */
export const PERMISSIONS = {
  point_rank: { name: '积分排行', group: '积分' },
  point_admin: { name: '积分调整', group: '积分' },
  iptv: { name: 'IPTV 业务（全部）', group: 'IPTV' },
  iptv_list: { name: 'IPTV 业务流程列表', group: 'IPTV' },
  iptv_bank: { name: 'IPTV 结算与收款账户', group: 'IPTV' },
  iptv_rule: { name: 'IPTV 结算规则', group: 'IPTV' },
  sys_user: { name: '用户管理（含会话）', group: '系统管理' },
  sys_dept: { name: '部门管理', group: '系统管理' },
  sys_role: { name: '角色与权限', group: '系统管理' },
  sys_menu: { name: '菜单管理', group: '系统管理' },
  sys_setting: { name: '系统设置', group: '系统管理' },
  sys_log: { name: '操作日志（全部）', group: '系统管理' },
  bill_admin: { name: '审批单据管理：查看全部单据', group: '审批' },
  template_admin: { name: '审批模板与岗位管理', group: '审批' },
  article_admin: { name: '文章与公告管理（含文章类型）', group: '文章公告' },
  survey_admin: { name: '问卷与评价管理（含结果）', group: '问卷' },
  holiday_admin: { name: '假期管理（额度、工作日历）', group: '假期' },
} as const satisfies Record<string, { name: string; group: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** SPEC §6: an element shows when the user holds at least one of `required` (a non-empty list). */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error('hasAnyPermission needs a non-empty list of permissions');
  return required.some((p) => held.includes(p));
}

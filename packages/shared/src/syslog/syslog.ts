import { z } from 'zod';
import { IPTV_TEMPLATE_PERMISSIONS } from '../bills/iptv';
import { PageQueryZ } from '../common/paging';

/**
 * What the operation log records about an item, and which permission lets an administrator read
 * the history of that kind of item (holders of sys_log read everything). Later areas add theirs.
 * `alsoOneOf`: the reader must hold one of these too (IPTV templates are seen only by IPTV roles).
 */
export const LOGGED_ITEM_TYPES = {
  user: { name: '用户', permission: 'sys_user' },
  session: { name: '会话', permission: 'sys_user' },
  dept: { name: '部门', permission: 'sys_dept' },
  role: { name: '角色', permission: 'sys_role' },
  menu: { name: '菜单', permission: 'sys_menu' },
  setting: { name: '系统设置', permission: 'sys_setting' },
  template_group: { name: '模板分组', permission: 'template_admin' },
  template: { name: '审批模板', permission: 'template_admin' },
  iptv_template: { name: 'IPTV审批模板', permission: 'template_admin', alsoOneOf: IPTV_TEMPLATE_PERMISSIONS },
  job: { name: '审批岗位', permission: 'template_admin' },
  article_type: { name: '文章类型', permission: 'article_admin' },
  article: { name: '文章', permission: 'article_admin' },
  survey: { name: '问卷', permission: 'survey_admin' },
  /** Item id: the person whose leave balance HR adjusted. */
  holiday: { name: '假期额度', permission: 'holiday_admin' },
  /** Item id: the year whose calendar changed. */
  work_calendar: { name: '工作日历', permission: 'holiday_admin' },
  /** Item id: the leave type (docs/leave.md). */
  leave_type: { name: '请假类型', permission: 'holiday_admin' },
  /** Item id: the person whose points an administrator adjusted. */
  point: { name: '积分', permission: 'point_admin' },
  /** A user's own delegation: nobody administers it, so only sys_log reads its history. */
  entrust: { name: '审批委托', permission: 'sys_log' },
} as const satisfies Record<string, { name: string; permission: string; alsoOneOf?: readonly string[] }>;

export type LoggedItemType = keyof typeof LOGGED_ITEM_TYPES;

export const OperationActionLabels: Record<string, string> = {
  create: '新建',
  update: '修改',
  delete: '删除',
  move: '移动',
  enable: '启用',
  disable: '禁用',
  reset_password: '重置密码',
  assign_roles: '分配角色',
  import: '导入',
  revoke_session: '注销会话',
  sort: '排序',
  add_member: '添加成员',
  update_member: '修改成员',
  remove_member: '移除成员',
  /** An entrust ended before its time (审批委托 提前结束, or by a handover). */
  end: '提前结束',
  /** A user's open tasks, drafts and received entrusts moved to a colleague (离职交接). */
  handover: '离职交接',
  /** An article put before its audience, or taken back from them (文章与公告). */
  publish: '发布',
  withdraw: '撤回',
  /** An administrator's adjustment of someone's points (积分调整). */
  adjust_points: '调整积分',
  /** Surveys (问卷与评价): what an administrator does to one survey. */
  release: '发布',
  unrelease: '暂停收集',
  replicate: '复制',
  change_status: '更改状态',
  change_deadline: '更改截止时间',
  add_rule: '添加规则',
  update_rule: '修改规则',
  delete_rule: '删除规则',
  update_targets: '设置填写范围',
  remind: '提醒',
  result_link: '公开结果链接',
};

export interface OperationLogEntry {
  id: number;
  created_at: string;
  user_id: number | null;
  username: string;
  user_name: string;
  service: string;
  item_type: string;
  item_id: string;
  action: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const SyslogQueryZ = PageQueryZ.extend({
  service_id: z.string().max(64).optional(),
  item_type: z.string().max(64).optional(),
  item_id: z.string().max(64).optional(),
});
export type SyslogQuery = z.infer<typeof SyslogQueryZ>;

export const SyslogMessages = {
  itemTypeRequired: '请指定要查看日志的对象类型',
} as const;

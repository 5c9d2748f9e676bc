/**
 * The menu rows every installation starts with. Only pages that exist are listed: an area's issue
 * adds its own rows when its pages land.
 */
export interface SeedMenu {
  name: string;
  path: string;
  type: 0 | 1;
  icon: string;
  permission?: string;
  keep_alive?: 0 | 1;
  children?: SeedMenu[];
}

export const BASE_MENUS: SeedMenu[] = [
  {
    name: '首页',
    path: '/home',
    type: 0,
    icon: 'HomeOutlined',
    children: [{ name: '工作台', path: '/dashboard/index', type: 1, icon: 'DashboardOutlined', keep_alive: 1 }],
  },
  // Issue 15, for every signed-in user; an existing installation gets it from migration 0026.
  { name: '公告', path: '/article/list', type: 1, icon: 'SoundOutlined' },
  {
    name: '审批',
    path: '/office',
    type: 0,
    icon: 'AuditOutlined',
    children: [
      { name: '发起审批', path: '/office/approval', type: 1, icon: 'FormOutlined', keep_alive: 1 },
      { name: '待我审批', path: '/office/approval/todo', type: 1, icon: 'InboxOutlined', keep_alive: 1 },
      { name: '我已审批', path: '/office/approval/done', type: 1, icon: 'FileDoneOutlined', keep_alive: 1 },
      { name: '我发起的', path: '/office/approval/mine', type: 1, icon: 'SolutionOutlined', keep_alive: 1 },
      { name: '草稿箱', path: '/office/approval/draft', type: 1, icon: 'ContainerOutlined', keep_alive: 1 },
      { name: '我关注的', path: '/office/approval/tracked', type: 1, icon: 'StarOutlined', keep_alive: 1 },
      // Issue 13; an existing installation gets it from migration 0013.
      { name: '抄送我的', path: '/office/approval/shared', type: 1, icon: 'MailOutlined', keep_alive: 1 },
      // Issue 13; an existing installation gets it from migration 0017.
      { name: '委托管理', path: '/office/approval/entrust', type: 1, icon: 'SwapOutlined', keep_alive: 1 },
      // Issue 5; an existing installation gets these two from migration 0010.
      { name: '模板管理', path: '/office/templates', type: 1, icon: 'AppstoreOutlined', permission: 'template_admin' },
      { name: '审批岗位', path: '/office/jobs', type: 1, icon: 'TeamOutlined', permission: 'template_admin' },
    ],
  },
  {
    // Issue 15; an existing installation gets the folder and 文章类型 from migration 0022.
    name: '公告管理',
    path: '/article',
    type: 0,
    icon: 'NotificationOutlined',
    children: [
      // Issue 15; an existing installation gets it from migration 0026.
      { name: '文章管理', path: '/article/manage', type: 1, icon: 'FileTextOutlined', permission: 'article_admin', keep_alive: 1 },
      { name: '文章类型', path: '/article/types', type: 1, icon: 'TagsOutlined', permission: 'article_admin' },
    ],
  },
  {
    // Issue 16; an existing installation gets the folder and its pages from migration 0031.
    name: '问卷',
    path: '/survey',
    type: 0,
    icon: 'FormOutlined',
    children: [
      { name: '我的问卷', path: '/survey/mine', type: 1, icon: 'ProfileOutlined', keep_alive: 1 },
      { name: '待我评价', path: '/feedback/pending', type: 1, icon: 'LikeOutlined', keep_alive: 1 },
      { name: '问卷管理', path: '/survey/manage', type: 1, icon: 'FileSearchOutlined', permission: 'survey_admin', keep_alive: 1 },
    ],
  },
  {
    // Issue 17: everyone's leave (migration 0036 for an existing installation) and HR's pages (holiday_admin, 0034).
    name: '假期管理',
    path: '/holiday',
    type: 0,
    icon: 'CalendarOutlined',
    children: [
      { name: '我的假期', path: '/holiday/mine', type: 1, icon: 'CoffeeOutlined', keep_alive: 1 },
      { name: '请假记录', path: '/holiday/details', type: 1, icon: 'UnorderedListOutlined', keep_alive: 1 },
      { name: '假期额度', path: '/holiday/stats', type: 1, icon: 'ScheduleOutlined', permission: 'holiday_admin', keep_alive: 1 },
      { name: '工作日历', path: '/holiday/calendar', type: 1, icon: 'CalendarOutlined', permission: 'holiday_admin', keep_alive: 1 },
      { name: '请假类型', path: '/holiday/types', type: 1, icon: 'TagsOutlined', permission: 'holiday_admin', keep_alive: 1 },
    ],
  },
  {
    name: '系统管理',
    path: '/system',
    type: 0,
    icon: 'SettingOutlined',
    children: [
      { name: '用户管理', path: '/system/users', type: 1, icon: 'UserOutlined', permission: 'sys_user' },
      { name: '部门管理', path: '/system/depts', type: 1, icon: 'ApartmentOutlined', permission: 'sys_dept' },
      { name: '角色权限', path: '/system/roles', type: 1, icon: 'SafetyCertificateOutlined', permission: 'sys_role' },
      { name: '菜单管理', path: '/system/menus', type: 1, icon: 'MenuOutlined', permission: 'sys_menu' },
      { name: '系统设置', path: '/system/settings', type: 1, icon: 'ToolOutlined', permission: 'sys_setting' },
      // Issue 11; an existing installation gets it from migration 0011.
      { name: '安全日志', path: '/system/security-events', type: 1, icon: 'AuditOutlined', permission: 'sys_log' },
    ],
  },
];

/**
 * The demo company of DESIGN §5: departments, about 30 people and their roles. Plain data, so that
 * tests and the bench generators can refer to the same names.
 */
export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoDept {
  key: string;
  name: string;
  parent?: string;
  leader?: string;
}

export const DEMO_DEPTS: DemoDept[] = [
  { key: 'hq', name: '星河科技有限公司', leader: 'chenqi' },
  { key: 'office', name: '总经理办公室', parent: 'hq', leader: 'chenqi' },
  { key: 'admin', name: '综合管理部', parent: 'hq', leader: 'sunba' },
  { key: 'finance', name: '财务部', parent: 'hq', leader: 'wangwu' },
  { key: 'tech', name: '技术部', parent: 'hq', leader: 'lisi' },
  { key: 'dev', name: '研发组', parent: 'tech', leader: 'zhoujiu' },
  { key: 'ops', name: '运维组', parent: 'tech', leader: 'wushi' },
  { key: 'market', name: '市场部', parent: 'hq', leader: 'zhengyi' },
  { key: 'iptv', name: 'IPTV业务部', parent: 'hq', leader: 'zhaoliu' },
];

export interface DemoUser {
  username: string;
  name: string;
  sex: '1' | '2';
  dept: string;
  station: string;
  roles: string[];
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', name: '系统管理员', sex: '1', dept: 'admin', station: '系统管理员', roles: ['admin'] },
  { username: 'zhangsan', name: '张三', sex: '1', dept: 'tech', station: '软件工程师', roles: ['staff'] },
  { username: 'lisi', name: '李四', sex: '1', dept: 'tech', station: '技术部经理', roles: ['staff', 'leader'] },
  { username: 'wangwu', name: '王五', sex: '1', dept: 'finance', station: '财务经理', roles: ['staff', 'finance'] },
  { username: 'zhaoliu', name: '赵六', sex: '2', dept: 'iptv', station: 'IPTV业务经理', roles: ['staff', 'iptv'] },
  { username: 'chenqi', name: '陈七', sex: '1', dept: 'office', station: '总经理', roles: ['staff', 'leader'] },
  { username: 'sunba', name: '孙八', sex: '2', dept: 'admin', station: '综合管理部经理', roles: ['staff', 'leader'] },
  { username: 'zhoujiu', name: '周九', sex: '1', dept: 'dev', station: '研发组长', roles: ['staff', 'leader'] },
  { username: 'wushi', name: '吴十', sex: '1', dept: 'ops', station: '运维组长', roles: ['staff', 'leader'] },
  { username: 'zhengyi', name: '郑一', sex: '2', dept: 'market', station: '市场部经理', roles: ['staff', 'leader'] },
  { username: 'liuyang', name: '刘洋', sex: '1', dept: 'dev', station: '前端工程师', roles: ['staff'] },
  { username: 'chenjing', name: '陈静', sex: '2', dept: 'dev', station: '测试工程师', roles: ['staff'] },
  { username: 'yangfan', name: '杨帆', sex: '1', dept: 'dev', station: '后端工程师', roles: ['staff'] },
  { username: 'huangli', name: '黄丽', sex: '2', dept: 'dev', station: '产品经理', roles: ['staff'] },
  { username: 'zhaolei', name: '赵磊', sex: '1', dept: 'ops', station: '运维工程师', roles: ['staff'] },
  { username: 'xumin', name: '徐敏', sex: '2', dept: 'ops', station: '数据库管理员', roles: ['staff'] },
  { username: 'sunhao', name: '孙浩', sex: '1', dept: 'finance', station: '会计', roles: ['staff', 'finance'] },
  { username: 'majuan', name: '马娟', sex: '2', dept: 'finance', station: '出纳', roles: ['staff', 'finance'] },
  { username: 'zhuwei', name: '朱伟', sex: '1', dept: 'market', station: '客户经理', roles: ['staff'] },
  { username: 'hulin', name: '胡琳', sex: '2', dept: 'market', station: '市场专员', roles: ['staff'] },
  { username: 'guoqiang', name: '郭强', sex: '1', dept: 'market', station: '销售代表', roles: ['staff'] },
  { username: 'linxue', name: '林雪', sex: '2', dept: 'admin', station: '人事专员', roles: ['staff'] },
  { username: 'hejun', name: '何军', sex: '1', dept: 'admin', station: '行政专员', roles: ['staff'] },
  { username: 'gaoyan', name: '高燕', sex: '2', dept: 'admin', station: '前台', roles: ['staff'] },
  { username: 'luopeng', name: '罗鹏', sex: '1', dept: 'iptv', station: '结算专员', roles: ['staff', 'iptv_bank'] },
  { username: 'liangyu', name: '梁雨', sex: '2', dept: 'iptv', station: '业务专员', roles: ['staff', 'iptv_list'] },
  { username: 'songjie', name: '宋杰', sex: '1', dept: 'iptv', station: '规则专员', roles: ['staff', 'iptv_rule'] },
  { username: 'tangning', name: '唐宁', sex: '2', dept: 'office', station: '总经理助理', roles: ['staff'] },
  { username: 'hanbing', name: '韩冰', sex: '1', dept: 'tech', station: '架构师', roles: ['staff'] },
  { username: 'fengxiao', name: '冯晓', sex: '2', dept: 'tech', station: '技术文员', roles: ['staff'] },
];

export const DEMO_ROLES: { key: string; name: string; permissions: string[] | 'all' }[] = [
  { key: 'admin', name: '系统管理员', permissions: 'all' },
  { key: 'staff', name: '普通员工', permissions: ['point_rank'] },
  { key: 'leader', name: '部门负责人', permissions: [] },
  { key: 'finance', name: '财务人员', permissions: [] },
  { key: 'iptv', name: 'IPTV业务（全部）', permissions: ['iptv', 'iptv_list', 'iptv_bank', 'iptv_rule'] },
  { key: 'iptv_list', name: 'IPTV业务流程', permissions: ['iptv_list'] },
  { key: 'iptv_bank', name: 'IPTV结算与收款账户', permissions: ['iptv_bank'] },
  { key: 'iptv_rule', name: 'IPTV结算规则', permissions: ['iptv_rule'] },
];

import { randomUUID } from 'node:crypto';
import {
  addDays,
  FlowGraphZ,
  HALF_DAY_OPTIONS,
  isWeekend,
  LEAVE_SUBJECT_KIND,
  leaveDays,
  FormSchemaZ,
  type FlowGraph,
  type FormSchemaInput,
  type HandlerSource,
  type RuleGroup,
  type FieldAccess,
  type StepType,
} from '@osp/shared';
import type { Db } from '../db/index';
import type { FlowEvent, FormValues } from '../flow/types';
import * as billsRepo from '../modules/bills/bills.repo';
import { loadState } from '../modules/bills/bills-state.repo';
import { runEngine } from '../modules/bills/bills.service';
import { AccessCache } from '../modules/auth/access-cache';
import { loadVersion } from '../modules/templates/templates.versions';
import { jobIdsOf } from '../modules/directory/directory.service';
import * as templatesRepo from '../modules/templates/templates.repo';
import { listenToLeaveBills } from '../modules/holiday/leave.outcomes';
import * as leaveRepo from '../modules/holiday/leave.repo';
import { loadWorkCalendar } from '../modules/holiday/work-calendar.service';

/**
 * Demo approval data (issue 4): jobs, template groups, the eight demo templates with realistic flows over
 * the demo company (李四 leads 技术部, 王五 leads 财务部; 采购申请 only for some departments and the leaders),
 * and bills of 张三 in every status — drafts, in progress at an or-sign, a joint (会签) and a sequential
 * (依次) step, rejected, withdrawn, done, abandoned — so that 李四 and 王五 find work waiting on first start.
 * Bills are moved by the real engine, so their rows are exactly what the product itself would have written.
 */

type Ids = ReadonlyMap<string, number>;

const id = (ids: Ids, key: string): number => {
  const value = ids.get(key);
  if (value === undefined) throw new Error(`demo approval: unknown ${key}`);
  return value;
};

const always: RuleGroup = { logic: 'and', rules: [] };

interface NodeSpec {
  id: string;
  name: string;
  type?: 'approve' | 'archive' | 'change';
  steps?: { name: string; type: StepType; source: HandlerSource }[];
  fieldAccess?: Record<string, FieldAccess>;
}

type LinkSpec = [from: string, to: string, rules?: RuleGroup];

/** start and end around `nodes`; a link with rules is tried first, a plain one is the default where a conditional one leaves the same node. */
function graph(nodes: NodeSpec[], links: LinkSpec[]): FlowGraph {
  const all = [
    { id: 'start', type: 'start' as const, name: '发起', steps: [] },
    ...nodes.map((n) => ({
      id: n.id,
      type: n.type ?? ('approve' as const),
      name: n.name,
      steps: (n.steps ?? []).map((s, i) => ({ id: `${n.id}-${i + 1}`, name: s.name, type: s.type, source: s.source })),
      ...(n.fieldAccess ? { fieldAccess: n.fieldAccess } : {}),
    })),
    { id: 'end', type: 'end' as const, name: '结束', steps: [] },
  ];
  const conditional = new Set(links.filter(([, , rules]) => rules !== undefined).map(([from]) => from));
  return FlowGraphZ.parse({
    nodes: all,
    links: links.map(([from, to, rules], i) => ({
      id: `l${i + 1}`,
      from,
      to,
      priority: rules ? 0 : 10,
      isDefault: !rules && conditional.has(from),
      rules: rules ?? always,
    })),
    settings: {},
  });
}

/** start → each node in order → end. */
function chain(nodes: NodeSpec[]): FlowGraph {
  const ids = ['start', ...nodes.map((n) => n.id), 'end'];
  return graph(
    nodes,
    ids.slice(1).map((to, i): LinkSpec => [ids[i] ?? '', to]),
  );
}

const leader: HandlerSource = { kind: 'leader', levels: 1 };

async function insertTemplate(
  db: Db,
  groupId: number,
  name: string,
  description: string,
  icon: string,
  form: FormSchemaInput,
  flow: FlowGraph,
) {
  const schema = FormSchemaZ.parse(form);
  const templateId = await templatesRepo.insertTemplate(db, {
    group_id: groupId,
    name,
    description,
    icon,
    status: 1,
    is_iptv: 0,
    form_schema: schema,
  });
  const written = await templatesRepo.writeWorkingFlow(db, templateId, flow);
  const versionId = await templatesRepo.publishVersion(db, templateId, name, schema, written);
  return { templateId, versionId };
}

export async function seedApprovalDemo(db: Db, users: Ids, depts: Ids, roles: Ids): Promise<void> {
  const now = new Date().toISOString();
  const jobs = new Map<string, number>();
  for (const [name, description, members] of [
    [
      '财务审核',
      '报销、采购的财务审核',
      [
        ['wangwu', []],
        ['sunhao', []],
      ],
    ],
    [
      '行政服务',
      '用章、会议室、办公用品',
      [
        ['sunba', []],
        ['hejun', []],
      ],
    ],
    [
      '运维值班',
      '报修与运维工单',
      [
        ['wushi', ['tech']],
        ['zhaolei', ['tech', 'market']],
      ],
    ],
  ] as [string, string, [string, string[]][]][]) {
    const row = await db
      .insertInto('jobs')
      .values({ name, description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    jobs.set(name, row.id);
    for (const [username, deptKeys] of members) {
      await db
        .insertInto('job_members')
        .values({
          uuid: randomUUID(),
          job_id: row.id,
          user_id: id(users, username),
          dept_ids: JSON.stringify(deptKeys.map((k) => id(depts, k))),
          created_at: now,
        })
        .execute();
    }
  }
  const job = (name: string): HandlerSource => ({ kind: 'job', jobId: id(jobs, name) });

  const groups = new Map<string, number>();
  for (const [index, name] of ['人事行政', '财务', 'IT服务'].entries()) {
    const row = await db
      .insertInto('template_groups')
      .values({ name, sort: (index + 1) * 10, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    groups.set(name, row.id);
  }
  const group = (name: string) => id(groups, name);

  // 请假 and 外出: the department leader, 总经理 over 3 days, filed by 人事备案.
  const awayFlow = () =>
    graph(
      [
        { id: 'leader', name: '部门负责人审批', steps: [{ name: '部门负责人', type: 'orsign', source: leader }] },
        {
          id: 'gm',
          name: '总经理审批',
          steps: [{ name: '总经理', type: 'orsign', source: { kind: 'users', userIds: [id(users, 'chenqi')] } }],
        },
        { id: 'hr', name: '人事备案', type: 'archive' },
      ],
      [
        ['start', 'leader'],
        ['leader', 'gm', { logic: 'and', rules: [{ on: 'field', field: 'days', op: 'gt', value: 3 }] }],
        ['leader', 'hr'],
        ['gm', 'hr'],
        ['hr', 'end'],
      ],
    );

  const leave = await insertTemplate(
    db,
    group('人事行政'),
    '请假申请',
    '年假、事假、病假等，超过 3 天需总经理审批',
    'CalendarOutlined',
    {
      fields: [
        // The holiday module fills these keys (LEAVE_FORM_KEYS) from the leave form and measures the days on the work
        // calendar; the template is bound to it below (subject_kind 'leave'). 请假类型 is text: HR's types (请假类型
        // page) change without the template, and the module checks the name against them.
        { key: 'leave_type', type: 'text', label: '请假类型', required: true },
        { key: 'period', type: 'daterange', label: '请假时间', required: true },
        { key: 'start_half', type: 'radio', label: '开始时段', required: true, options: [...HALF_DAY_OPTIONS] },
        { key: 'end_half', type: 'radio', label: '结束时段', required: true, options: [...HALF_DAY_OPTIONS] },
        { key: 'days', type: 'number', label: '请假天数', required: true, min: 0.5, max: 366, precision: 1 },
        { key: 'reason', type: 'textarea', label: '请假事由', required: true, maxLength: 500 },
        { key: 'note', type: 'description', label: '说明', content: '请假 3 天以上需总经理审批；病假请在附件中上传医院证明。' },
        { key: 'files', type: 'attachment', label: '附件' },
      ],
    },
    awayFlow(),
  );

  // 外出申请 (出差, 外勤, 培训): an ordinary template with the same path as 请假 — its days counted from its dates by the
  // bill form (daysOf), over 3 days to 总经理, filed by 人事备案.
  await insertTemplate(
    db,
    group('人事行政'),
    '外出申请',
    '出差、外勤、培训等外出，超过 3 天需总经理审批',
    'CarOutlined',
    {
      fields: [
        { key: 'out_type', type: 'select', label: '外出类型', required: true, options: ['出差', '外勤', '培训', '客户拜访'] },
        { key: 'period', type: 'daterange', label: '外出时间', required: true },
        { key: 'days', type: 'number', label: '外出天数', required: true, min: 0.5, max: 180, precision: 1, daysOf: 'period' },
        { key: 'reason', type: 'textarea', label: '外出事由', required: true, maxLength: 500 },
        { key: 'note', type: 'description', label: '说明', content: '外出 3 天以上需总经理审批；出差请在附件中上传行程单。' },
        { key: 'files', type: 'attachment', label: '附件' },
      ],
    },
    awayFlow(),
  );

  const expense = await insertTemplate(
    db,
    group('财务'),
    '费用报销',
    '差旅、交通、餐费等费用报销，金额超过 5000 元需财务审核',
    'AccountBookOutlined',
    {
      fields: [
        {
          key: 'category',
          type: 'select',
          label: '报销类别',
          required: true,
          options: ['差旅费', '交通费', '餐费', '办公用品', '业务招待', '其他'],
        },
        {
          key: 'expense_items',
          type: 'items',
          label: '费用明细',
          required: true,
          columns: [
            { key: 'desc', type: 'text', label: '费用说明', required: true },
            { key: 'date', type: 'date', label: '发生日期', required: true },
            { key: 'amount', type: 'money', label: '金额（元）', required: true },
          ],
          totalOf: 'amount',
        },
        { key: 'remark', type: 'textarea', label: '备注' },
        { key: 'invoices', type: 'attachment', label: '发票' },
      ],
    },
    graph(
      [
        { id: 'leader', name: '部门负责人审批', steps: [{ name: '部门负责人', type: 'orsign', source: leader }] },
        { id: 'finance', name: '财务审核', steps: [{ name: '财务审核', type: 'orsign', source: job('财务审核') }] },
        { id: 'archive', name: '财务归档', type: 'archive' },
      ],
      [
        ['start', 'leader'],
        ['leader', 'finance', { logic: 'and', rules: [{ on: 'field', field: 'expense_items', op: 'gt', value: 5000 }] }],
        ['leader', 'archive'],
        ['finance', 'archive'],
        ['archive', 'end'],
      ],
    ),
  );

  const purchase = await insertTemplate(
    db,
    group('财务'),
    '采购申请',
    '办公设备、软件、服务的采购，财务与总经理依次审批',
    'ShoppingCartOutlined',
    {
      fields: [
        { key: 'supplier', type: 'text', label: '供应商', required: true },
        {
          key: 'purchase_items',
          type: 'items',
          label: '采购明细',
          required: true,
          columns: [
            { key: 'name', type: 'text', label: '物品名称', required: true },
            { key: 'spec', type: 'text', label: '规格型号' },
            { key: 'quantity', type: 'number', label: '数量', required: true },
            { key: 'amount', type: 'money', label: '金额（元）', required: true },
          ],
          totalOf: 'amount',
        },
        { key: 'needed_by', type: 'date', label: '期望到货日期' },
        { key: 'reason', type: 'textarea', label: '采购事由', required: true },
      ],
    },
    chain([
      { id: 'leader', name: '部门负责人审批', steps: [{ name: '部门负责人', type: 'orsign', source: leader }] },
      {
        id: 'review',
        name: '采购审批',
        steps: [
          { name: '财务与总经理', type: 'ordersign', source: { kind: 'users', userIds: [id(users, 'wangwu'), id(users, 'chenqi')] } },
        ],
      },
      // 变更节点: after approval 行政 places the order and may correct the supplier and the delivery date, nothing else.
      {
        id: 'execute',
        type: 'change',
        name: '采购执行',
        steps: [{ name: '行政下单', type: 'orsign', source: job('行政服务') }],
        fieldAccess: { supplier: 'edit', needed_by: 'edit' },
      },
    ]),
  );

  // Who may start it (issue 5): the departments that buy (技术部 with the groups below it, 财务部, 综合管理部)
  // and every department leader; 市场部 and IPTV业务部 staff do not see it on 发起审批.
  await templatesRepo.writeStarters(db, purchase.templateId, {
    dept_ids: [id(depts, 'tech'), id(depts, 'finance'), id(depts, 'admin')],
    role_ids: [id(roles, 'leader')],
    user_ids: [],
  });

  const seal = await insertTemplate(
    db,
    group('人事行政'),
    '用章申请',
    '公章、合同章、财务章的使用登记，行政与财务会签',
    'SafetyCertificateOutlined',
    {
      fields: [
        { key: 'seal_type', type: 'radio', label: '印章类型', required: true, options: ['公章', '合同章', '财务章', '法人章'] },
        { key: 'file_name', type: 'text', label: '用印文件', required: true },
        { key: 'copies', type: 'number', label: '份数', required: true, min: 1, max: 100, precision: 0 },
        { key: 'purpose', type: 'textarea', label: '用途', required: true },
      ],
    },
    chain([
      { id: 'leader', name: '部门负责人审批', steps: [{ name: '部门负责人', type: 'orsign', source: leader }] },
      {
        id: 'sign',
        name: '用章会签',
        steps: [{ name: '行政与财务', type: 'joinsign', source: { kind: 'users', userIds: [id(users, 'sunba'), id(users, 'wangwu')] } }],
      },
      { id: 'archive', name: '用印登记', type: 'archive' },
    ]),
  );

  await db.updateTable('templates').set({ subject_kind: LEAVE_SUBJECT_KIND }).where('id', '=', leave.templateId).execute();

  const repair = await insertTemplate(
    db,
    group('IT服务'),
    '报修',
    '电脑、打印机、网络、空调等设备报修',
    'ToolOutlined',
    {
      fields: [
        { key: 'category', type: 'select', label: '报修类别', required: true, options: ['电脑', '打印机', '网络', '空调', '水电', '其他'] },
        { key: 'location', type: 'text', label: '地点', required: true },
        { key: 'urgency', type: 'radio', label: '紧急程度', required: true, options: ['一般', '紧急'] },
        { key: 'description', type: 'textarea', label: '故障描述', required: true },
      ],
    },
    chain([
      {
        id: 'ops',
        name: '运维处理',
        steps: [
          { name: '运维值班', type: 'orsign', source: { kind: 'job', jobId: id(jobs, '运维值班'), onlyCoveringInitiatorDept: true } },
        ],
      },
    ]),
  );

  const ticket = await insertTemplate(
    db,
    group('IT服务'),
    '工单',
    '系统权限、数据处理等工单，由发起人指定处理人并验收',
    'FileTextOutlined',
    {
      fields: [
        { key: 'system', type: 'select', label: '所属系统', required: true, options: ['OA', '邮箱', 'VPN', '代码仓库', '其他'] },
        { key: 'subject', type: 'text', label: '工单主题', required: true },
        { key: 'detail', type: 'textarea', label: '详细说明', required: true },
        { key: 'deadline', type: 'date', label: '期望完成日期' },
      ],
    },
    chain([
      { id: 'handle', name: '处理', steps: [{ name: '处理人', type: 'orsign', source: { kind: 'chosen' } }] },
      { id: 'check', name: '验收', steps: [{ name: '发起人验收', type: 'check', source: { kind: 'initiator' } }] },
    ]),
  );

  const room = await insertTemplate(
    db,
    group('人事行政'),
    '会议室预定',
    '一号、二号会议室与大会议室的预定',
    'TeamOutlined',
    {
      fields: [
        { key: 'room', type: 'select', label: '会议室', required: true, options: ['一号会议室', '二号会议室', '大会议室'] },
        { key: 'date', type: 'date', label: '日期', required: true },
        { key: 'time', type: 'text', label: '时间段', required: true, placeholder: '如 14:00-15:30' },
        { key: 'topic', type: 'text', label: '会议主题', required: true },
        { key: 'attendees', type: 'user', label: '参会人', multiple: true },
      ],
    },
    chain([{ id: 'admin', name: '行政确认', steps: [{ name: '行政服务', type: 'orsign', source: job('行政服务') }] }]),
  );

  // ---------- bills ----------
  const start = Date.now() - 12 * 86_400_000;
  let tick = 0;
  /** Demo time moves forward about 3 hours per step, ending before now. */
  const at = () => new Date(start + ++tick * 2.9 * 3_600_000).toISOString();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  const make = async (
    username: string,
    template: { templateId: number; versionId: number },
    title: string,
    form: FormValues,
    items: Record<string, Record<string, string | number | null>[]> = {},
  ): Promise<number> => {
    const created = at();
    const row = await db
      .insertInto('bills')
      .values({
        template_id: template.templateId,
        template_version_id: null,
        title,
        initiator_id: id(users, username),
        dept_id: await deptOf(db, id(users, username)),
        status: 'draft',
        form_json: JSON.stringify(form),
        chosen_json: '{}',
        route_json: '[]',
        rejected_node_id: null,
        current_node_name: null,
        version: 0,
        client_key: null,
        created_at: created,
        updated_at: created,
        released_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await billsRepo.replaceItems(db, row.id, items);
    return row.id;
  };

  // The engine's look-ups read the directory as the running app does, here without a cache to keep.
  const seedContext = { db, access: new AccessCache(false) };
  const apply = async (billId: number, build: (state: Awaited<ReturnType<typeof loadState>>, time: string) => FlowEvent) => {
    const bill = await billsRepo.findBill(db, billId);
    if (!bill) throw new Error('demo bill vanished');
    const state = await loadState(db, bill, await jobIdsOf(db, bill.initiator_id));
    const template = await db
      .selectFrom('templates')
      .select('current_version_id')
      .where('id', '=', bill.template_id)
      .executeTakeFirstOrThrow();
    const versionId = bill.template_version_id ?? template.current_version_id ?? 0;
    const pinned = await loadVersion(db, versionId, db);
    const time = at();
    const event = build(state, time);
    await runEngine(
      seedContext,
      db,
      bill,
      state,
      pinned,
      event,
      event.type === 'release' || event.type === 'resubmit' ? { released_at: time } : {},
    );
    await db.updateTable('bills').set({ updated_at: time }).where('id', '=', billId).execute();
  };
  const releaseAs = async (billId: number, username: string, chosen: Record<string, number[]> = {}) => {
    const deptId = (await deptOf(db, id(users, username))) ?? 0;
    await apply(billId, (state, time) => ({
      type: 'release',
      at: time,
      initiator: { userId: id(users, username), deptId, jobIds: [] },
      form: state.form,
      chosenHandlers: chosen,
    }));
  };
  // Leave bills belong to a leave request (the holiday module's subject), as the leave form would start them: whole
  // working days from `from` to `to` (moved off a weekend), measured on the calendar; the listener moves the balance.
  listenToLeaveBills();
  const leaveBill = async (username: string, title: string, type: string, offsets: [number, number], reason: string): Promise<number> => {
    const onWorkday = (offset: number) => {
      let value = day(offset);
      while (isWeekend(value)) value = addDays(value, 1);
      return value;
    };
    const startDay = onWorkday(offsets[0]);
    const endDay = [startDay, onWorkday(offsets[1])].sort()[1] ?? startDay;
    const span = { startDay, startHalf: 'am' as const, endDay, endHalf: 'pm' as const };
    const measured = leaveDays(span, await loadWorkCalendar(db, startDay, endDay));
    if (!measured.ok) throw new Error(`demo leave: ${measured.message}`);
    const typeRow = await leaveRepo.findTypeByName(db, type);
    if (!typeRow) throw new Error(`demo leave: unknown type ${type}`);
    const year = Number(startDay.slice(0, 4));
    if (typeRow.counts_balance === 1) {
      // A leave reaching into next year needs next year's balance, which a demo made in late December lacks.
      await db
        .insertInto('holiday_stats')
        .values({ user_id: id(users, username), year, total_day: 10, used_day: 0, applying_day: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
        .execute();
    }
    const billId = await make(username, leave, title, {
      leave_type: type,
      period: [startDay, endDay],
      start_half: '上午',
      end_half: '下午',
      days: measured.days,
      reason,
    });
    const created = at();
    const requestId = await leaveRepo.insertRequest(db, {
      user_id: id(users, username),
      leave_type_id: typeRow.id,
      year,
      start_day: startDay,
      start_half: 'am',
      end_day: endDay,
      end_half: 'pm',
      days: measured.days,
      counts_balance: typeRow.counts_balance,
      reason,
      created_at: created,
    });
    await billsRepo.linkSubject(db, billId, LEAVE_SUBJECT_KIND, requestId);
    await leaveRepo.updateRequest(db, requestId, { bill_id: billId, updated_at: created });
    return billId;
  };
  const act = (billId: number, username: string, type: 'agree' | 'reject' | 'back', comment: string | null) =>
    apply(billId, (state, time) => {
      const task = state.tasks.find((t) => t.status === 'pending' && t.actingHandler === id(users, username));
      if (!task) throw new Error(`demo approval: ${username} has no task on bill ${billId}`);
      return { type, at: time, taskId: task.id, actor: id(users, username), comment };
    });
  const byInitiator = (billId: number, username: string, type: 'withdraw' | 'abandon', comment: string | null) =>
    apply(billId, (_state, time) => ({ type, at: time, actor: id(users, username), comment }));

  // 张三: drafts.
  await leaveBill('zhangsan', '张三的请假申请', '年假', [20, 21], '春节前回老家探亲');
  await make(
    'zhangsan',
    expense,
    '张三的费用报销',
    { category: '交通费', expense_items: '186.00' },
    {
      expense_items: [
        { desc: '客户现场往返打车', date: day(-3), amount: '126.00' },
        { desc: '加班晚归打车', date: day(-2), amount: '60.00' },
      ],
    },
  );

  // 张三: done.
  const leaveDone = await leaveBill('zhangsan', '张三的请假申请', '病假', [-10, -10], '感冒发烧，医院就诊');
  await releaseAs(leaveDone, 'zhangsan');
  await act(leaveDone, 'lisi', 'agree', '注意休息');

  const repairDone = await make('zhangsan', repair, '张三的报修', {
    category: '打印机',
    location: '三楼技术部',
    urgency: '一般',
    description: '打印机卡纸，无法打印',
  });
  await releaseAs(repairDone, 'zhangsan');
  await act(repairDone, 'wushi', 'agree', '已更换搓纸轮，恢复正常');

  // 张三: rejected by 李四.
  const expenseRejected = await make(
    'zhangsan',
    expense,
    '张三的费用报销',
    { category: '餐费', expense_items: '420.00', remark: '项目加班餐' },
    {
      expense_items: [{ desc: '项目组加班晚餐', date: day(-8), amount: '420.00' }],
    },
  );
  await releaseAs(expenseRejected, 'zhangsan');
  await act(expenseRejected, 'lisi', 'reject', '发票抬头不正确，请重新开具后再提交');

  // 张三: withdrawn.
  const leaveWithdrawn = await leaveBill('zhangsan', '张三的请假申请', '事假', [-6, -6], '家中有事');
  await releaseAs(leaveWithdrawn, 'zhangsan');
  await byInitiator(leaveWithdrawn, 'zhangsan', 'withdraw', '事情已处理完，不用请假了');

  // 张三: abandoned.
  const ticketAbandoned = await make('zhangsan', ticket, '张三的工单', {
    system: '邮箱',
    subject: '邮箱容量扩容',
    detail: '邮箱已满，申请扩容到 10G',
  });
  await byInitiator(ticketAbandoned, 'zhangsan', 'abandon', '已自行清理邮箱');

  // 张三: in progress at 李四 (or-sign leader step).
  const leaveDoing = await leaveBill('zhangsan', '张三的请假申请', '调休', [3, 3], '上周末加班调休');
  await releaseAs(leaveDoing, 'zhangsan');
  const sealLeader = await make('zhangsan', seal, '张三的用章申请', {
    seal_type: '合同章',
    file_name: '星河科技软件服务合同',
    copies: 2,
    purpose: '与客户签订年度软件服务合同',
  });
  await releaseAs(sealLeader, 'zhangsan');

  // 张三: in progress at 王五 — finance (> 5000), a 会签 step (孙八 already agreed) and a 依次 step.
  const expenseDoing = await make(
    'zhangsan',
    expense,
    '张三的费用报销',
    { category: '差旅费', expense_items: '6800.00', remark: '上海客户项目出差' },
    {
      expense_items: [
        { desc: '北京—上海往返高铁', date: day(-9), amount: '1100.00' },
        { desc: '酒店住宿 4 晚', date: day(-9), amount: '2400.00' },
        { desc: '客户招待', date: day(-8), amount: '3300.00' },
      ],
    },
  );
  await releaseAs(expenseDoing, 'zhangsan');
  await act(expenseDoing, 'lisi', 'agree', '情况属实');

  const sealDoing = await make('zhangsan', seal, '张三的用章申请', {
    seal_type: '公章',
    file_name: '项目验收报告',
    copies: 3,
    purpose: '客户项目验收盖章',
  });
  await releaseAs(sealDoing, 'zhangsan');
  await act(sealDoing, 'lisi', 'agree', null);
  await act(sealDoing, 'sunba', 'agree', '同意用印');

  const purchaseDoing = await make(
    'zhangsan',
    purchase,
    '张三的采购申请',
    { supplier: '京东企业购', purchase_items: '15980.00', needed_by: day(10), reason: '研发测试机老化，采购两台新电脑' },
    {
      purchase_items: [
        { name: '笔记本电脑', spec: 'ThinkPad T14 i7/32G/1T', quantity: 2, amount: '15200.00' },
        { name: '显示器支架', spec: '双屏', quantity: 2, amount: '780.00' },
      ],
    },
  );
  await releaseAs(purchaseDoing, 'zhangsan');
  await act(purchaseDoing, 'lisi', 'agree', '确有需要');

  // 张三: a meeting room waiting for 行政, a ticket he sent to 杨帆.
  const roomDoing = await make('zhangsan', room, '张三的会议室预定', {
    room: '二号会议室',
    date: day(2),
    time: '14:00-15:30',
    topic: '迭代评审会',
    attendees: [id(users, 'lisi'), id(users, 'hanbing')],
  });
  await releaseAs(roomDoing, 'zhangsan');
  const ticketDoing = await make('zhangsan', ticket, '张三的工单', {
    system: 'VPN',
    subject: '开通 VPN 账号',
    detail: '下周出差需远程访问测试环境',
  });
  await releaseAs(ticketDoing, 'zhangsan', { 'handle-1': [id(users, 'yangfan')] });

  // Colleagues' bills waiting for 李四 and 王五.
  const hanbingLeave = await leaveBill('hanbing', '韩冰的请假申请', '年假', [5, 9], '年假出游');
  await releaseAs(hanbingLeave, 'hanbing');
  const fengxiaoExpense = await make(
    'fengxiao',
    expense,
    '冯晓的费用报销',
    { category: '办公用品', expense_items: '320.50' },
    {
      expense_items: [{ desc: '打印纸、文件夹', date: day(-4), amount: '320.50' }],
    },
  );
  await releaseAs(fengxiaoExpense, 'fengxiao');
  const sunhaoExpense = await make(
    'guoqiang',
    expense,
    '郭强的费用报销',
    { category: '业务招待', expense_items: '5600.00' },
    {
      expense_items: [{ desc: '客户答谢晚宴', date: day(-5), amount: '5600.00' }],
    },
  );
  await releaseAs(sunhaoExpense, 'guoqiang');
  await act(sunhaoExpense, 'zhengyi', 'agree', '同意');
}

async function deptOf(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('dept_id').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.dept_id;
}

import { expect, type APIRequestContext } from '@playwright/test';
import type { BillDetail, FlowGraph, Job, Paged, TemplateDetail, TemplateGroup, TemplateSummary } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader, type OwnPerson } from '../support/people';
import { getData, sendData } from './bill-helpers';

/*
 * The approval journeys' own small company (approval-journey.spec.ts). The demo's 费用报销 and 用章申请 send
 * their steps to 李四 and to 王五 and 孙浩, whose 待我审批 counts every other bill journey moves; a journey that
 * reads a count (the header's 待我审批（N）, 共 N 条) needs handlers nobody else sends work to. So each journey
 * makes: a department with its own leader and an initiator in it, a job of two finance people, a co-signer, and
 * copies of the demo's 费用报销 and 用章申请 (same form, same flow) whose steps name those people.
 */

export interface ApprovalCast {
  /** The initiator (the demo's 张三), in the department led by `leader` (the demo's 李四). */
  initiator: OwnPerson;
  leader: OwnPerson;
  /** The two members of the finance job, in this order (the demo's 王五 and 孙浩). */
  financeA: OwnPerson;
  financeB: OwnPerson;
  /** The 用章会签 step's other handler (the demo's 孙八). */
  sealer: OwnPerson;
  expenseTemplate: { id: number; name: string };
  sealTemplate: { id: number; name: string };
}

async function demoTemplate(request: APIRequestContext, adminToken: string, name: string): Promise<TemplateDetail> {
  const list = await getData<Paged<TemplateSummary>>(request, adminToken, '/api/templates?all=1&per_page=500');
  const summary = list.list.find((t) => t.name === name);
  expect(summary, `the demo template ${name}`).toBeDefined();
  return getData<TemplateDetail>(request, adminToken, `/api/templates/${summary?.id ?? 0}`);
}

/** A copy of a demo template (form and flow) with each step's handlers replaced; enabled and published. */
async function copyTemplate(
  request: APIRequestContext,
  adminToken: string,
  source: TemplateDetail,
  name: string,
  groupId: number,
  handlers: (step: FlowGraph['nodes'][number]['steps'][number]) => FlowGraph['nodes'][number]['steps'][number],
): Promise<{ id: number; name: string }> {
  expect(source.flow, `the flow of ${source.name}`).not.toBeNull();
  const flow = source.flow as FlowGraph;
  const created = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groupId,
    name,
    description: source.description,
    icon: source.icon,
    status: 1,
    form_schema: source.form_schema,
    flow: { ...flow, nodes: flow.nodes.map((node) => ({ ...node, steps: node.steps.map(handlers) })) },
  });
  return { id: created.id, name };
}

/** The company of one approval journey; names carry a tag so that lists and searches find only its own. */
export async function createApprovalCast(request: APIRequestContext): Promise<ApprovalCast> {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `项目部${tag}`);
  const leader = await createPerson(request, `主管${tag}`, { adminToken, deptId });
  await setDeptLeader(request, adminToken, deptId, leader.id);
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken, deptId });
  const financeA = await createPerson(request, `财务甲${tag}`, { adminToken, colleague: 'wangwu' });
  const financeB = await createPerson(request, `财务乙${tag}`, { adminToken, colleague: 'wangwu' });
  const sealer = await createPerson(request, `行政${tag}`, { adminToken, colleague: 'sunba' });

  const job = await sendData<Job>(request, adminToken, 'POST', '/api/jobs', { name: `财务复核${tag}`, description: '本演练的财务审核' });
  for (const member of [financeA, financeB]) {
    await sendData(request, adminToken, 'POST', `/api/jobs/${job.id}/members`, { user_id: member.id, dept_ids: [] });
  }

  // In the first group, where the other journeys' templates go: 财务's count is 模板管理's to read.
  const groups = await getData<TemplateGroup[]>(request, adminToken, '/api/template/groups');
  const groupId = groups[0]?.id ?? 0;
  const expenseTemplate = await copyTemplate(
    request,
    adminToken,
    await demoTemplate(request, adminToken, '费用报销'),
    `费用报销${tag}`,
    groupId,
    (step) => (step.source.kind === 'job' ? { ...step, source: { kind: 'job', jobId: job.id } } : step),
  );
  const sealTemplate = await copyTemplate(
    request,
    adminToken,
    await demoTemplate(request, adminToken, '用章申请'),
    `用章申请${tag}`,
    groupId,
    (step) => (step.source.kind === 'users' ? { ...step, source: { kind: 'users', userIds: [sealer.id, financeA.id] } } : step),
  );
  return { initiator, leader, financeA, financeB, sealer, expenseTemplate, sealTemplate };
}

async function tokenOf(request: APIRequestContext, person: OwnPerson): Promise<string> {
  return apiSignIn(request, person.username, person.password);
}

/** The person agrees their pending task on the bill, with an optional comment. */
export async function agreeAs(request: APIRequestContext, person: OwnPerson, billId: number, comment?: string): Promise<void> {
  const token = await tokenOf(request, person);
  const bill = await getData<BillDetail>(request, token, `/api/bills/${billId}`);
  expect(bill.my_task, `${person.name}'s task on bill ${billId}`).not.toBeNull();
  await sendData(request, token, 'POST', `/api/bills/flownode/${bill.my_task?.id}/agree`, comment === undefined ? {} : { comment });
}

async function draftAs(
  request: APIRequestContext,
  token: string,
  templateId: number,
  title: string,
  form: Record<string, unknown>,
): Promise<BillDetail> {
  return sendData<BillDetail>(request, token, 'POST', '/api/bills', { template_id: templateId, title, form });
}

/**
 * The bills the demo gives 张三 (demo-approval.ts), on the cast: a 费用报销 of 6,800 agreed by the leader
 * (情况属实) and waiting at 财务审核 for both finance people; a 用章申请 whose 会签 the co-signer has agreed,
 * waiting for 财务甲 alone; and a draft. Returns their titles.
 */
export async function submitDemoBills(request: APIRequestContext, cast: ApprovalCast): Promise<{ expense: string; seal: string }> {
  const token = await tokenOf(request, cast.initiator);
  const expense = `${cast.initiator.name}的费用报销`;
  const seal = `${cast.initiator.name}的用章申请`;

  const expenseDraft = await draftAs(request, token, cast.expenseTemplate.id, expense, {
    category: '差旅费',
    remark: '上海客户项目出差',
    expense_items: [
      { desc: '北京—上海往返高铁', date: '2026-11-02', amount: '1100.00' },
      { desc: '酒店住宿 4 晚', date: '2026-11-02', amount: '2400.00' },
      { desc: '客户招待', date: '2026-11-03', amount: '3300.00' },
    ],
  });
  await sendData(request, token, 'POST', `/api/bills/${expenseDraft.id}/release`, { version: expenseDraft.version });
  await agreeAs(request, cast.leader, expenseDraft.id, '情况属实');

  const sealDraft = await draftAs(request, token, cast.sealTemplate.id, seal, {
    seal_type: '公章',
    file_name: '项目验收报告',
    copies: 3,
    purpose: '客户项目验收盖章',
  });
  await sendData(request, token, 'POST', `/api/bills/${sealDraft.id}/release`, { version: sealDraft.version });
  await agreeAs(request, cast.leader, sealDraft.id);
  await agreeAs(request, cast.sealer, sealDraft.id, '同意用印');

  await draftAs(request, token, cast.expenseTemplate.id, `${cast.initiator.name}的报销草稿`, {
    category: '交通费',
    expense_items: [{ desc: '客户现场往返打车', date: '2026-11-04', amount: '126.00' }],
  });
  return { expense, seal };
}

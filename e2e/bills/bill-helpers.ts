import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ApiEnvelope, BillDetail, DeptUser, Paged, TemplateDetail, TemplateGroup, TemplateSummary } from '@osp/shared';
import { createPerson, nameTag, type OwnPerson } from '../support/people';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { button, dialog } from '../support/ui';

/*
 * Set-up calls shared by the bill journeys that need bills of their own; their people come from
 * support/people.ts. Each journey makes what it reads, so that the journeys run in any order, side by side.
 */

/** A title no other journey (nor an earlier run on the same database) uses. */
export function uniqueTitle(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

async function envelopeOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: HTTP ${response.status()}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${what}: ${body.message}`).toBe(0);
  return body.data;
}

export async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  return envelopeOf<T>(await request.get(url, { headers: bearer(token) }), `GET ${url}`);
}

export async function sendData<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  data: unknown,
): Promise<T> {
  return envelopeOf<T>(await request.fetch(url, { method, headers: bearer(token), data }), `${method} ${url}`);
}

export async function templateIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const templates = await getData<Paged<TemplateSummary>>(request, token, '/api/templates?per_page=100');
  const template = templates.list.find((t) => t.name === name);
  expect(template, `demo template ${name}`).toBeDefined();
  return template?.id ?? 0;
}

export async function userIdOf(request: APIRequestContext, token: string, username: string): Promise<number> {
  const users = await getData<DeptUser[]>(request, token, '/api/depts/users');
  const user = users.find((u) => u.username === username);
  expect(user, `user ${username}`).toBeDefined();
  return user?.id ?? 0;
}

/** Who signs in: a demo username (demo password) or a person the journey made (support/people.ts). */
export type Account = string | { username: string; password: string };

function credentials(account: Account): { username: string; password?: string } {
  return typeof account === 'string' ? { username: account } : account;
}

/** The initiator writes a bill through the API and sends it into its flow; returns the submitted bill. */
export async function submitBill(
  request: APIRequestContext,
  initiator: Account,
  templateName: string,
  title: string,
  form: Record<string, unknown>,
): Promise<BillDetail> {
  const { username, password } = credentials(initiator);
  const token = await apiSignIn(request, username, password);
  const templateId = await templateIdOf(request, token, templateName);
  const draft = await sendData<BillDetail>(request, token, 'POST', '/api/bills', { template_id: templateId, title, form });
  const submitted = await sendData<BillDetail>(request, token, 'POST', `/api/bills/${draft.id}/release`, { version: draft.version });
  expect(submitted.status).toBe('doing');
  return submitted;
}

/** A 外出申请 of one day: a 技术部 colleague's goes to 李四 (部门负责人审批). */
export function outingForm(reason: string): Record<string, unknown> {
  return { out_type: '外勤', period: ['2026-06-01', '2026-06-01'], days: 1, reason };
}

export const DETAIL_PATH = '/office/approval/detail';

export function detailUrl(billId: number, from: 'todo' | 'mine' | 'done' = 'mine'): string {
  return `${DETAIL_PATH}?from=${from}&billID=${billId}&origin=list&status=doing`;
}

/** Switches the browser to another user and opens a page; returns their token. */
export async function actAs(page: Page, account: Account, path: string): Promise<string> {
  const { username, password } = credentials(account);
  const { token } = await signInViaApi(page, username, { password });
  await page.goto(path);
  return token;
}

/** One list row (table at 1440 px) by the bill's unique title. */
export function listRow(page: Page, title: string): Locator {
  return page.locator('.bill-table tbody tr:visible').filter({ hasText: title });
}

/** Narrows a box to one keyword through its search field. */
export async function searchBox(page: Page, keyword: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: '搜索单据' });
  await search.fill(keyword);
  await search.press('Enter');
}

/** The antd Form.Item whose label reads exactly `label`, within `scope`. */
export function formItem(scope: Page | Locator, label: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The detail page's flow popover (审批流程 button). */
export async function openDetailPopover(page: Page): Promise<Locator> {
  await page
    .locator('.bill-summary')
    .getByRole('button', { name: /审批流程/ })
    .click();
  const popover = page.locator('.flow-popover-overlay').filter({ has: page.locator('.flow-node') });
  await expect(popover).toBeVisible();
  return popover;
}

/** A one-step template whose single 或签 step goes to `approver`; enabled and published. */
export async function oneStepTemplate(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  approver: OwnPerson,
  isCommentRequired = false,
): Promise<number> {
  const groups = await getData<TemplateGroup[]>(request, adminToken, '/api/template/groups');
  const template = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name,
    status: 1,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'check',
          type: 'approve',
          name: '审核',
          steps: [
            {
              id: 's1',
              name: '经办审核',
              type: 'orsign',
              source: { kind: 'users', userIds: [approver.id] },
              commentRequired: isCommentRequired,
            },
          ],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'check' },
        { id: 'b', from: 'check', to: 'end' },
      ],
      settings: {},
    },
  });
  return template.id;
}

/** A bill of a oneStepTemplate, written and sent into its flow by the holder of `token`. */
export async function submitTo(request: APIRequestContext, token: string, templateId: number, title: string): Promise<BillDetail> {
  const draft = await sendData<BillDetail>(request, token, 'POST', '/api/bills', {
    template_id: templateId,
    title,
    form: { reason: title },
  });
  return sendData<BillDetail>(request, token, 'POST', `/api/bills/${draft.id}/release`, { version: draft.version });
}

/** The handler agrees the bill open on the detail page, without a comment (同意 and the dialog's 同意). */
export async function agreeOnDetail(page: Page): Promise<void> {
  await button(page.locator('.bill-actions'), '同意').click();
  const box = dialog(page, /^同意 · /);
  await box
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /同\s*意/ })
    .click();
  await expect(box).toBeHidden();
}

/** An approver and an initiator of the journey's own, and a one-step template from one to the other. */
export interface OneStepPair {
  /** The journey's unique tag, in every name it made. */
  tag: string;
  adminToken: string;
  approver: OwnPerson;
  initiator: OwnPerson;
  initiatorToken: string;
  templateId: number;
}

/** Makes a OneStepPair; the template is named `templateName` and the tag. */
export async function oneStepPair(request: APIRequestContext, templateName: string): Promise<OneStepPair> {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `审批人${tag}`, { adminToken });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken });
  const templateId = await oneStepTemplate(request, adminToken, `${templateName}${tag}`, approver);
  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  return { tag, adminToken, approver, initiator, initiatorToken, templateId };
}

import { expect, test, type Locator, type Page } from '@playwright/test';
import { BillEditTexts, EngineMessages, escapeHtml, type TemplateDetail, type TemplateGroup } from '@osp/shared';
import { apiSignIn, signInViaApi } from '../support/api';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button } from '../support/ui';
import { getData, sendData } from './bill-helpers';

/*
 * Issue 11, item 10: an administrator names a form field and an approval step with a link. A colleague (a
 * person of the journey's own) who starts a bill on that template is refused twice — once by the page's own
 * check, once by the server — and both times reads the names as the characters typed: the toast (HTML,
 * SPEC §8) shows no link, and neither does the message under the field.
 */

const LINK = '<a href="https://evil.example">点此</a>';
const FIELD_LABEL = `事由 ${LINK}`;

function fieldError(scope: Page | Locator, text: string): Locator {
  return scope.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

test('[BILLS] names typed with markup read as text in an initiator’s refusals, never as a link', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin');
  const groups = await getData<TemplateGroup[]>(request, admin, '/api/template/groups');
  const template = await sendData<TemplateDetail>(request, admin, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: `标记名称${Date.now() % 100_000}`,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: FIELD_LABEL, required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        { id: 'handle', type: 'approve', name: '处理', steps: [{ id: 's1', name: LINK, type: 'orsign', source: { kind: 'chosen' } }] },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'handle' },
        { id: 'b', from: 'handle', to: 'end' },
      ],
      settings: {},
    },
  });

  const initiator = await createPerson(request, '标记测试员', { adminToken: admin });
  await signInViaApi(page, initiator.username, { password: initiator.password });
  await page.goto(`/office/approval/edit?templateID=${template.id}`);
  await expect(page.getByText(BillEditTexts.chooseApprovers(LINK, '处理'), { exact: true })).toBeVisible();
  const submit = button(page.locator('.bill-edit__actions'), BillEditTexts.submit);

  // The page's own check: the field's message names the label as typed.
  await submit.click();
  await expect(fieldError(page, `请填写「${FIELD_LABEL}」`)).toBeVisible();

  // The server's refusal (nobody chosen for the step): a toast, and the same words under the picker.
  await page.getByLabel(FIELD_LABEL).fill('出差报销');
  await submit.click();
  // The server sends the name escaped; the user reads it as typed.
  expect(EngineMessages.chosenMissing(LINK)).toBe(`请选择「${escapeHtml(LINK)}」的审批人`);
  const refusal = `请选择「${LINK}」的审批人`;
  await expect(page.locator('.ant-message').getByText(refusal, { exact: true })).toBeVisible();
  await expect(fieldError(page, refusal)).toBeVisible();
  await expect(page.locator('a[href="https://evil.example"]')).toHaveCount(0);
  await saveScreenshot(page, 'bills-markup-in-names-1440');
});

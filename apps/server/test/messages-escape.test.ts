import { escapeHtml, type BillDetail, type FlowGraph } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, linearGraph, makeTemplate, Tokens } from '../src/modules/bills/test-support';
import { startTestServer, TEST_ENGINE, type TestServer } from './harness';

/**
 * Issue 11, item 10: SPEC §8 lets the web show a failure message as HTML, so a name an administrator
 * typed must arrive in another user's refusal as text. Each case names something with a link and has
 * someone trigger a refusal that names it: the message carries the name escaped, never the link.
 */

const LINK = '<a href="https://evil.example">点此</a>';
const ESCAPED = escapeHtml(LINK);

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call(username: string, method: string, url: string, body?: unknown) {
  return server.call<unknown>(method, url, { token: await tokens.get(username), body });
}

function expectEscaped(message: string, expected: string, escaped = ESCAPED): void {
  expect(message).toBe(expected);
  expect(message).toContain(escaped);
  expect(message).not.toContain('<a');
}

describe(`values in messages are escaped (${TEST_ENGINE})`, () => {
  it('a template field named with a link: another user who leaves it empty is told its name as text', async () => {
    const admin = await tokens.get('admin');
    const lisi = await idOf(server, 'lisi');
    const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]), {
      fields: [{ key: 'reason', type: 'text', label: LINK, required: true }],
    });
    const draft = await call('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: {} });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const released = await call('zhangsan', 'POST', `/api/bills/${(draft.body.data as BillDetail).id}/release`, {});
    expect(released.body.status_code).toBe(422);
    expectEscaped(released.body.message, `请填写「${ESCAPED}」`);
    expect(released.body.data).toEqual({ errors: { 'form.reason': [`请填写「${ESCAPED}」`] } });
  });

  it('a step named with a link: the initiator who chooses nobody is told its name as text', async () => {
    const admin = await tokens.get('admin');
    const flow: FlowGraph = linearGraph([[{ type: 'orsign', userIds: [] }]]);
    const node = flow.nodes[1];
    const step = node?.steps[0];
    if (!node || !step) throw new Error('the flow has no step');
    node.steps = [{ ...step, name: LINK, source: { kind: 'chosen' } }];
    const templateId = await makeTemplate(server, admin, flow);
    const draft = await call('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: { reason: '出差' } });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const released = await call('zhangsan', 'POST', `/api/bills/${(draft.body.data as BillDetail).id}/release`, {});
    expect(released.body.status_code).toBe(422);
    expectEscaped(released.body.message, `请选择「${ESCAPED}」的审批人`);
  });

  it('a department named with a link: a second department of that name is refused naming it as text', async () => {
    const created = await call('admin', 'POST', '/api/admin/depts', { name: LINK, parent_id: null });
    expect(created.body.status_code, created.body.message).toBe(0);
    const again = await call('admin', 'POST', '/api/admin/depts', { name: LINK, parent_id: null });
    expect(again.body.status_code).toBe(422);
    expectEscaped(again.body.message, `同一上级部门下已有名为「${ESCAPED}」的部门，请换一个名称`);
  });

  it('a job, a role and a template group named with a link are refused as text too', async () => {
    // Their names are short (30 and 32 characters), so the link is too.
    const short = '<a href="//e.x">点此</a>';
    const made = await Promise.all([
      call('admin', 'POST', '/api/jobs', { name: short, description: '' }),
      call('admin', 'POST', '/api/admin/roles', { name: short, key: 'evil_link', permissions: [] }),
      call('admin', 'POST', '/api/template/groups', { name: short }),
    ]);
    for (const result of made) expect(result.body.status_code, result.body.message).toBe(0);
    const jobAgain = await call('admin', 'POST', '/api/jobs', { name: short, description: '' });
    expectEscaped(jobAgain.body.message, `已有名为「${escapeHtml(short)}」的岗位，请换一个名称`, escapeHtml(short));
    const roleAgain = await call('admin', 'POST', '/api/admin/roles', { name: short, key: 'evil_link2', permissions: [] });
    expectEscaped(roleAgain.body.message, `已有名为「${escapeHtml(short)}」的角色，请换一个名称`, escapeHtml(short));
    const groupAgain = await call('admin', 'POST', '/api/template/groups', { name: short });
    expectEscaped(groupAgain.body.message, `已有名为「${escapeHtml(short)}」的分组，请换一个名称`, escapeHtml(short));
  });
});

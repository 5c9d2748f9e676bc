import { CommonMessages, type TemplateDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, Tokens } from '../bills/test-support';

/**
 * The template tables' JSON columns are read back through the shared schemas they were written with
 * (templates.repo): a value the code never wrote fails as an internal error, never as a flow that
 * silently lost its steps or a starter list that silently opened to everyone.
 */

let server: TestServer;
let admin: string;
let lisi: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await new Tokens(server).get('admin');
  lisi = await idOf(server, 'lisi');
});
afterAll(async () => server.close());

const internalError = { status_code: 500, message: CommonMessages.serverError(500), data: null };

describe('a JSON column holding what the code never wrote', () => {
  it('template_nodes.steps_json with a step of no known source: the template is not shown', async () => {
    const id = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    expect((await server.call<TemplateDetail>('GET', `/api/templates/${id}`, { token: admin })).body.status_code).toBe(0);
    await server.db
      .updateTable('template_nodes')
      .set({ steps_json: '[{"id":"s1","name":"审批","type":"orsign","source":{"kind":"anyone"}}]' })
      .where('template_id', '=', id)
      .where('node_key', '=', 'n1')
      .execute();
    const read = await server.call('GET', `/api/templates/${id}`, { token: admin });
    expect([read.status, read.body]).toEqual([500, internalError]);
  });

  it('template_starters.kind that is no kind: who may start is not guessed', async () => {
    const id = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    await server.db
      .insertInto('template_starters')
      .values({ template_id: id, kind: 'team' as 'user', ref_id: lisi })
      .execute();
    const read = await server.call('GET', `/api/templates/${id}`, { token: admin });
    expect([read.status, read.body]).toEqual([500, internalError]);
  });
});

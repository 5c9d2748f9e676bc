import { describe, expect, it } from 'vitest';
import type { FlowGraph, TemplateDetail } from '@osp/shared';
import { draftOf, inputOf } from '../../../api/templates';
import { isSameDraft, stableJson } from './draft';
import { designPath, idParam } from './design-path';

const flow = {
  nodes: [
    { id: 'start', type: 'start', name: '发起', steps: [] },
    { id: 'end', type: 'end', name: '结束', steps: [] },
  ],
  links: [{ id: 'l1', from: 'start', to: 'end', priority: 0, isDefault: true }],
} as unknown as FlowGraph;

function detail(extra: Partial<TemplateDetail> = {}): TemplateDetail {
  return {
    id: 7,
    group_id: 2,
    group_name: '行政',
    name: '用车申请',
    description: '说明',
    icon: 'CarOutlined',
    status: 1,
    is_iptv: 0,
    subject_kind: null,
    sort: 10,
    favorite: false,
    startable: true,
    version_no: 3,
    updated_at: '2025-01-01T00:00:00Z',
    form_schema: { fields: [{ key: 'reason', label: '事由', type: 'text', required: true }] },
    flow,
    version_id: 11,
    starters: { dept_ids: [1], role_ids: [], user_ids: [5] },
    has_unpublished: false,
    version_bills: { total: 4, in_progress: 1 },
    ...extra,
  };
}

describe('draftOf and inputOf', () => {
  it('takes exactly what PUT replaces and sends it back with the publish flag', () => {
    const draft = draftOf(detail());
    expect(inputOf(draft, false)).toEqual({
      group_id: 2,
      name: '用车申请',
      description: '说明',
      icon: 'CarOutlined',
      status: 1,
      form_schema: detail().form_schema,
      flow,
      starters: { dept_ids: [1], role_ids: [], user_ids: [5] },
      subject_kind: null,
      publish: false,
    });
    expect(inputOf(draft, true).publish).toBe(true);
  });

  it('leaves the flow out while none is designed, so the server keeps its own', () => {
    const input = inputOf(draftOf(detail({ flow: null, status: 0 })), true);
    expect('flow' in input).toBe(false);
    expect(input.status).toBe(0);
  });
});

describe('isSameDraft', () => {
  it('ignores the order of object keys but not of arrays or values', () => {
    const a = draftOf(detail());
    const reordered = { ...a, starters: { user_ids: [5], role_ids: [], dept_ids: [1] } };
    expect(isSameDraft(a, reordered)).toBe(true);
    expect(isSameDraft(a, { ...a, starters: { ...a.starters, user_ids: [5, 6] } })).toBe(false);
    expect(isSameDraft(a, { ...a, name: '用车' })).toBe(false);
    expect(stableJson({ b: 1, a: [{ d: 2, c: 1 }] })).toBe('{"a":[{"c":1,"d":2}],"b":1}');
  });
});

describe('designPath and idParam', () => {
  it('adds iptv=1 for an IPTV template only', () => {
    expect(designPath({ templateId: 7, isIptv: false })).toBe('/office/templates/design?templateID=7');
    expect(designPath({ templateId: 7, isIptv: true })).toBe('/office/templates/design?templateID=7&iptv=1');
  });

  it('reads positive whole ids only', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '99999999999999999999']) expect(idParam(bad)).toBeUndefined();
  });
});

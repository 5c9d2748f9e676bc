import { describe, expect, it } from 'vitest';
import type { TemplateDraft } from '../../../api/templates';
import { copyStep, copyToOffer, draftCopyKey, hasDraftShape, isBaseChanged, type DraftCopy } from './draft-copy';

const saved: TemplateDraft = {
  group_id: 2,
  name: '用车申请',
  description: '',
  icon: 'CarOutlined',
  status: 1,
  form_schema: { fields: [{ key: 'reason', label: '事由', type: 'text', required: true }] },
  flow: null,
  starters: { dept_ids: [], role_ids: [], user_ids: [] },
  subject_kind: null,
};
const edited: TemplateDraft = {
  ...saved,
  form_schema: { fields: [...saved.form_schema.fields, { key: 'field_2', label: '', type: 'text', required: false }] },
};
const copyOf = (draft: TemplateDraft): DraftCopy => ({
  savedAt: '2026-11-22T08:00:00.000Z',
  baseVersionKey: '2026-11-22T07:00:00.000Z',
  draft,
});

describe('the designer’s local copy', () => {
  it('is kept per user and per template of each kind', () => {
    expect(draftCopyKey(7, 3, false)).toBe('osp.template-design.7.normal-3');
    expect(draftCopyKey(7, 3, true)).toBe('osp.template-design.7.iptv-3');
    expect(draftCopyKey(8, 3, false)).not.toBe(draftCopyKey(7, 3, false));
    // Never the bill editor's key space.
    expect(draftCopyKey(7, 3, false).startsWith('osp.bill-edit.')).toBe(false);
  });

  it('is put back only when it holds a whole working copy', () => {
    expect(hasDraftShape(copyOf(edited))).toBe(true);
    expect(hasDraftShape({ ...copyOf(edited), draft: { ...edited, flow: { nodes: [], links: [] } } as unknown as TemplateDraft })).toBe(
      true,
    );
    expect(hasDraftShape({ savedAt: '2026-11-22T08:00:00.000Z', draft: edited })).toBe(false);
    expect(hasDraftShape({ ...copyOf(edited), draft: { ...edited, form_schema: {} } as unknown as TemplateDraft })).toBe(false);
    expect(hasDraftShape({ ...copyOf(edited), draft: { ...edited, flow: undefined } as unknown as TemplateDraft })).toBe(false);
    expect(hasDraftShape({ ...copyOf(edited), draft: null as unknown as TemplateDraft })).toBe(false);
  });

  it('is offered on opening only when it differs from the working copy loaded', () => {
    expect(copyToOffer(null, saved)).toBeNull();
    expect(copyToOffer(copyOf(edited), saved)).toEqual(copyOf(edited));
    // The same work saved meanwhile (another tab, or the save just before a crash): nothing to offer.
    expect(copyToOffer(copyOf(edited), edited)).toBeNull();
    expect(copyToOffer(copyOf({ ...saved, starters: { user_ids: [], role_ids: [], dept_ids: [] } }), saved)).toBeNull();
  });

  it('says when the server’s template changed after the copy’s work began', () => {
    expect(isBaseChanged(copyOf(edited), '2026-11-22T07:00:00.000Z')).toBe(false);
    expect(isBaseChanged(copyOf(edited), '2026-11-22T07:30:00.000Z')).toBe(true);
  });

  it('is written while work is unsaved and dropped once there is none, unless an offer awaits an answer', () => {
    expect(copyStep(edited, saved, false)).toBe('write');
    expect(copyStep(edited, saved, true)).toBe('write');
    // Saved (保存 or 发布), or edited back to the saved copy.
    expect(copyStep(edited, edited, false)).toBe('drop');
    expect(copyStep(saved, saved, false)).toBe('drop');
    // Just opened with an offer showing: the earlier visit's copy stays until 恢复 or 放弃.
    expect(copyStep(saved, saved, true)).toBe('keep');
  });
});

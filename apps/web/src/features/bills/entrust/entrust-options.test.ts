import { describe, expect, it } from 'vitest';
import { EntrustTexts, type EntrustView } from '@osp/shared';
import { entrustTemplateOptions } from './entrust-options';

const offered = [
  { id: 1, name: '请假申请', group_name: '人事' },
  { id: 2, name: '费用报销', group_name: '财务' },
  { id: 3, name: '加班申请', group_name: '人事' },
];

describe('entrustTemplateOptions', () => {
  it('groups the offered templates in the server’s order', () => {
    expect(entrustTemplateOptions(offered, null)).toEqual([
      {
        label: '人事',
        title: '人事',
        options: [
          { value: 1, label: '请假申请' },
          { value: 3, label: '加班申请' },
        ],
      },
      { label: '财务', title: '财务', options: [{ value: 2, label: '费用报销' }] },
    ]);
  });

  it('keeps a template the edited entrust names that is no longer offered, under its shown name', () => {
    const editing = { template_ids: [2, 9], template_names: ['费用报销', 'IPTV模板#9'] } as Pick<
      EntrustView,
      'template_ids' | 'template_names'
    >;
    const groups = entrustTemplateOptions(offered, editing);
    expect(groups.at(-1)).toEqual({
      label: EntrustTexts.otherTemplates,
      title: EntrustTexts.otherTemplates,
      options: [{ value: 9, label: 'IPTV模板#9' }],
    });
    expect(groups.flatMap((g) => g.options.map((o) => o.value)).sort()).toEqual([1, 2, 3, 9]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TemplateGroup, TemplateSummary } from '@osp/shared';
import { inAdminOrder, moveToGroup, nextGroupSort, reorder, shift } from './order';

function template(id: number, group_id: number, sort: number, extra: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    id,
    group_id,
    group_name: `组${group_id}`,
    name: `模板${id}`,
    description: '',
    icon: '',
    status: 1,
    is_iptv: 0,
    subject_kind: null,
    sort,
    favorite: false,
    startable: true,
    version_no: 1,
    updated_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

const group = (id: number, sort: number): TemplateGroup => ({ id, name: `组${id}`, sort, template_count: 0 });

describe('inAdminOrder', () => {
  it('orders by the groups as listed, then position, then id, ignoring favourites', () => {
    const groups = [group(2, 10), group(1, 20)];
    const list = [template(5, 1, 10), template(3, 2, 20, { favorite: true }), template(4, 2, 10), template(6, 2, 10), template(7, 1, 5)];
    expect(inAdminOrder(list, groups).map((t) => t.id)).toEqual([4, 6, 3, 7, 5]);
  });

  it('puts templates of an unknown group last', () => {
    expect(inAdminOrder([template(1, 99, 0), template(2, 1, 50)], [group(1, 10)]).map((t) => t.id)).toEqual([2, 1]);
  });
});

describe('reorder', () => {
  it('moves the dragged id to the place of the one it was dropped on, both ways', () => {
    expect(reorder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(reorder([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
  });

  it('answers null when nothing moves', () => {
    expect(reorder([1, 2, 3], 2, 2)).toBeNull();
    expect(reorder([1, 2, 3], 2, null)).toBeNull();
    expect(reorder([1, 2, 3], 9, 1)).toBeNull();
  });
});

describe('shift', () => {
  it('swaps with the neighbour above or below', () => {
    expect(shift([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shift([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });

  it('answers null at either end', () => {
    expect(shift([1, 2, 3], 1, -1)).toBeNull();
    expect(shift([1, 2, 3], 3, 1)).toBeNull();
  });
});

describe('moveToGroup', () => {
  it('appends the template to the target group in its order and names the group', () => {
    const list = [template(1, 1, 10), template(2, 2, 30), template(3, 2, 10), template(4, 1, 20)];
    expect(moveToGroup(list, 4, 2)).toEqual({ ids: [3, 2, 4], group_id: 2 });
  });

  it('works for an empty group', () => {
    expect(moveToGroup([template(1, 1, 10)], 1, 5)).toEqual({ ids: [1], group_id: 5 });
  });
});

describe('nextGroupSort', () => {
  it('places a new group after the last one', () => {
    expect(nextGroupSort([group(1, 10), group(2, 40), group(3, 20)])).toBe(50);
    expect(nextGroupSort([])).toBe(10);
  });
});

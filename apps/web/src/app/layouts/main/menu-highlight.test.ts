import { describe, expect, it } from 'vitest';
import { highlightedPath } from './menu-highlight';

describe('highlightedPath', () => {
  it('keeps the list a bill was opened from highlighted', () => {
    expect(highlightedPath('/office/approval/detail', '?from=todo&billID=3&origin=list&status=doing')).toBe('/office/approval/todo');
    expect(highlightedPath('/office/approval/detail', '?from=mine&billID=3')).toBe('/office/approval/mine');
  });

  it('leaves every other page, and an unknown origin, to the nearest parent rule', () => {
    expect(highlightedPath('/office/approval/detail', '?from=print&billID=3')).toBe('/office/approval/detail');
    expect(highlightedPath('/office/approval/detail', '')).toBe('/office/approval/detail');
    expect(highlightedPath('/system/users', '?from=todo')).toBe('/system/users');
  });

  it("keeps 待我评价 highlighted on an evaluation form's preview (SPEC §2 /feedback/view/{id})", () => {
    expect(highlightedPath('/feedback/view/12', '?ratee_id=5')).toBe('/feedback/pending');
    expect(highlightedPath('/feedback/viewer', '')).toBe('/feedback/viewer');
    expect(highlightedPath('/survey/edit/3', '')).toBe('/survey/manage');
    expect(highlightedPath('/holiday/leave/new', '')).toBe('/holiday/mine');
  });
});

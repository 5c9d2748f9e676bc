import type { TemplateGroup, TemplateSummary } from '@osp/shared';

/*
 * The order of groups and templates as the administration page shows and changes it. A change is
 * sent as the complete new order of one list (POST /api/template/groups/sort, /api/templates/sort),
 * which the server stores as positions 10, 20, 30 …
 */

/** Templates by their group's position, then their own position (the server lists favourites first). */
export function inAdminOrder(templates: readonly TemplateSummary[], groups: readonly TemplateGroup[]): TemplateSummary[] {
  const groupPosition = new Map(groups.map((group, index) => [group.id, index]));
  const positionOf = (template: TemplateSummary) => groupPosition.get(template.group_id) ?? groups.length;
  return [...templates].sort((a, b) => positionOf(a) - positionOf(b) || a.sort - b.sort || a.id - b.id);
}

/** A drag of `activeId` onto `overId`'s place; null when nothing moves. */
export function reorder(ids: readonly number[], activeId: number, overId: number | null): number[] | null {
  if (overId === null || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** 上移 (-1) or 下移 (+1); null at either end. */
export function shift(ids: readonly number[], id: number, delta: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return reorder(ids, id, ids[to] ?? null);
}

/**
 * 移动到分组: the template goes last in the target group. The sort call names the target group's
 * templates in their order with the moved one appended, and the group it moves them into.
 */
export function moveToGroup(
  templates: readonly TemplateSummary[],
  templateId: number,
  targetGroupId: number,
): { ids: number[]; group_id: number } {
  const staying = templates
    .filter((template) => template.group_id === targetGroupId && template.id !== templateId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((template) => template.id);
  return { ids: [...staying, templateId], group_id: targetGroupId };
}

/** A new group goes after the last one. */
export function nextGroupSort(groups: readonly TemplateGroup[]): number {
  return groups.reduce((max, group) => Math.max(max, group.sort), 0) + 10;
}

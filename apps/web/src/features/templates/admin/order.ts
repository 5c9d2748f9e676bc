import type { TemplateGroup, TemplateSummary } from '@osp/shared';

// A drag and 上移/下移 are every sortable list's (components/sortable-order.ts); the template page's own tests read them here.
export { reorder, shift } from '../../../components/sortable-order';

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

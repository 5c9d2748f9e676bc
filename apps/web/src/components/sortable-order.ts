/*
 * The order of a list reordered by dragging or by 上移/下移 (SortableList): a change is the complete new order of
 * the list's ids, which the server stores as positions 10, 20, 30 ….
 */

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

/** Rows in the order of `ids` (a row not named goes last): what a list shows at once while its new order is saved. */
export function orderedBy<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
}

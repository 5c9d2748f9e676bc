import { NotFoundError } from '../../http/errors';

/** A row of a table that forms a tree through parent_id (departments, menus). */
export interface TreeRow {
  id: number;
  parent_id: number | null;
}

/**
 * Whether `candidateParentId` is `id` itself or lies below it: moving `id` there would cut the
 * branch off the tree and make a loop. Walks up from the candidate, so it costs the depth only.
 */
export function isSelfOrDescendant(rows: readonly TreeRow[], id: number, candidateParentId: number | null): boolean {
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  const seen = new Set<number>();
  let current = candidateParentId;
  while (current !== null && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/**
 * The sort values that put `movedId` at `position` among `siblingIds` (the new parent's children in
 * their current order, with or without the moved one). Values are rewritten as 10, 20, 30… so later
 * inserts at the end have room; only rows whose value changes are returned.
 */
export function reorder(
  siblings: readonly { id: number; sort: number }[],
  movedId: number,
  position: number,
): { id: number; sort: number }[] {
  const order = siblings.filter((row) => row.id !== movedId).map((row) => row.id);
  order.splice(Math.min(Math.max(position, 0), order.length), 0, movedId);
  const current = new Map(siblings.map((row) => [row.id, row.sort]));
  return order.map((id, index) => ({ id, sort: (index + 1) * 10 })).filter((row) => current.get(row.id) !== row.sort);
}

/** The :id of a route; anything but a positive integer names no record. */
export function idParam(params: unknown): number {
  const raw = typeof params === 'object' && params !== null ? (params as Record<string, unknown>).id : undefined;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
}

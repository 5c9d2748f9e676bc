/** A node of a tree edited by drag and drop (departments, menus). */
export interface TreeNodeLike<T> {
  id: number;
  children: T[];
}

export interface DropTarget {
  parent_id: number | null;
  /** 0-based place among the new parent's children once the dragged node is among them. */
  position: number;
}

function siblingsOf<T extends TreeNodeLike<T>>(
  roots: T[],
  id: number,
  parentId: number | null = null,
): { parentId: number | null; list: T[] } | null {
  if (roots.some((node) => node.id === id)) return { parentId, list: roots };
  for (const node of roots) {
    const found = siblingsOf(node.children, id, node.id);
    if (found) return found;
  }
  return null;
}

/**
 * Turns antd Tree's drop event into the move call's body. `relative` is -1 (dropped just above the
 * node), 1 (just below) or 0 (onto it, which makes it the node's first child).
 */
export function dropTarget<T extends TreeNodeLike<T>>(
  roots: T[],
  dragId: number,
  dropId: number,
  isOnto: boolean,
  relative: number,
): DropTarget | null {
  if (isOnto) return { parent_id: dropId, position: 0 };
  const siblings = siblingsOf(roots, dropId);
  if (!siblings) return null;
  const order = siblings.list.filter((node) => node.id !== dragId).map((node) => node.id);
  const index = order.indexOf(dropId);
  return { parent_id: siblings.parentId, position: relative < 0 ? index : index + 1 };
}

export function findNode<T extends TreeNodeLike<T>>(roots: T[], id: number | null): T | undefined {
  if (id === null) return undefined;
  for (const node of roots) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

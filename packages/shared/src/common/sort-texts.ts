/**
 * What a list reordered by dragging says: the handle's label and the screen reader's announcements while a row is
 * picked up, moved and dropped (web components/SortableList). Every sortable list shares them.
 */
export const SortTexts = {
  dragHandle: (name: string) => `拖动调整「${name}」的顺序`,
  dragInstructions: '按空格键拿起，用上下方向键移动，再按空格键放下；按 Esc 取消。',
  dragPicked: (name: string) => `已拿起「${name}」`,
  dragOver: (name: string, position: number) => `「${name}」移到第 ${position} 位`,
  dragDropped: (name: string, position: number) => `「${name}」已放到第 ${position} 位`,
  dragCancelled: (name: string) => `已取消移动「${name}」`,
} as const;

import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SortTexts } from '@osp/shared';
import type { ReactNode } from 'react';
import { reorder } from './sortable-order';
import './sortable-list.css';

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** For the drag handle's label and the screen reader's announcements. */
  nameOf: (item: T) => string;
  /** The complete new order after a drop. */
  onReorder: (ids: number[]) => void;
  isDisabled?: boolean;
  /** `handle` is the drag handle (null while the list cannot be reordered). */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  className?: string;
  /** The list's accessible name. */
  label: string;
}

/**
 * A vertical list whose rows are dragged by a handle: the mouse, a finger (the handle takes the touch,
 * the rest of the row still scrolls the page) and the keyboard (space, arrows, space).
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onReorder,
  isDisabled = false,
  renderItem,
  className,
  label,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const nameOfId = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => candidate.id === Number(id));
    return item ? nameOf(item) : '';
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => SortTexts.dragPicked(nameOfId(active.id)),
    onDragOver: ({ active, over }) => (over ? SortTexts.dragOver(nameOfId(active.id), positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? SortTexts.dragDropped(nameOfId(active.id), positionOf(over.id)) : undefined),
    onDragCancel: ({ active }) => SortTexts.dragCancelled(nameOfId(active.id)),
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const next = reorder(ids, Number(active.id), over ? Number(over.id) : null);
    if (next) onReorder(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SortTexts.dragInstructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={isDisabled}>
        <ul className={className ? `sortable-list ${className}` : 'sortable-list'} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)} isDisabled={isDisabled}>
              {(handle) => renderItem(item, handle, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: number;
  name: string;
  isDisabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, name, isDisabled, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = isDisabled ? null : (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="sortable-list__handle"
      {...attributes}
      {...listeners}
      aria-label={SortTexts.dragHandle(name)}
    >
      <HolderOutlined />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      aria-label={name}
      className={isDragging ? 'sortable-list__item sortable-list__item--dragging' : 'sortable-list__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

import {
  AlignLeftOutlined,
  BarsOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  DownSquareOutlined,
  EditOutlined,
  FieldNumberOutlined,
  FieldTimeOutlined,
  InfoCircleOutlined,
  MoneyCollectOutlined,
  PaperClipOutlined,
  TableOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES, FormDesignerTexts, type FormFieldType } from '@osp/shared';
import type { PointerEventHandler, ReactNode } from 'react';

export const FIELD_TYPE_ICONS: Record<FormFieldType, ReactNode> = {
  text: <EditOutlined />,
  textarea: <AlignLeftOutlined />,
  number: <FieldNumberOutlined />,
  money: <MoneyCollectOutlined />,
  date: <CalendarOutlined />,
  daterange: <FieldTimeOutlined />,
  select: <DownSquareOutlined />,
  radio: <BarsOutlined />,
  checkbox: <CheckSquareOutlined />,
  user: <UserOutlined />,
  department: <ClusterOutlined />,
  attachment: <PaperClipOutlined />,
  items: <TableOutlined />,
  description: <InfoCircleOutlined />,
};

/** What a palette item carries while dragged (dnd-kit's `data`). */
export interface PaletteDrag {
  from: 'palette';
  type: FormFieldType;
}

export const PALETTE_ID_PREFIX = 'palette:';

interface PaletteItemProps {
  type: FormFieldType;
  onAdd: (type: FormFieldType) => void;
  isDisabled: boolean;
  isDraggable: boolean;
}

/**
 * One field type: a button (a click, Enter or Space appends the field) that the mouse or a finger may
 * also drag onto a place on the canvas. Only the pointer starts a drag, so the keyboard keeps the plain
 * button behaviour.
 */
function PaletteItem({ type, onAdd, isDisabled, isDraggable }: PaletteItemProps) {
  const data: PaletteDrag = { from: 'palette', type };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${PALETTE_ID_PREFIX}${type}`,
    data,
    disabled: isDisabled || !isDraggable,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={isDragging ? 'form-designer-palette__item is-dragging' : 'form-designer-palette__item'}
      data-testid={`palette-${type}`}
      aria-label={FormDesignerTexts.paletteAdd(FORM_FIELD_TYPE_LABELS[type])}
      disabled={isDisabled}
      onPointerDown={isDraggable ? (listeners?.onPointerDown as PointerEventHandler | undefined) : undefined}
      onClick={() => onAdd(type)}
    >
      <span className="form-designer-palette__icon" aria-hidden>
        {FIELD_TYPE_ICONS[type]}
      </span>
      <span>{FORM_FIELD_TYPE_LABELS[type]}</span>
    </button>
  );
}

/** The chip that follows the pointer while a field type is dragged. */
export function PaletteChip({ type }: { type: FormFieldType }) {
  return (
    <div className="form-designer-palette__item is-overlay">
      <span className="form-designer-palette__icon" aria-hidden>
        {FIELD_TYPE_ICONS[type]}
      </span>
      <span>{FORM_FIELD_TYPE_LABELS[type]}</span>
    </div>
  );
}

interface PaletteProps {
  onAdd: (type: FormFieldType) => void;
  /** The form holds the most fields it may. */
  isFull: boolean;
  /** A phone: the palette sits in a drawer and a tap adds. */
  isDraggable: boolean;
}

export function Palette({ onAdd, isFull, isDraggable }: PaletteProps) {
  return (
    <div className="form-designer-palette" role="group" aria-label={FormDesignerTexts.palette}>
      {FORM_FIELD_TYPES.map((type) => (
        <PaletteItem key={type} type={type} onAdd={onAdd} isDisabled={isFull} isDraggable={isDraggable} />
      ))}
    </div>
  );
}

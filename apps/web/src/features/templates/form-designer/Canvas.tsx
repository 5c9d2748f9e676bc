import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FormDesignerTexts, type FieldErrors, type FormSchema } from '@osp/shared';
import { Fragment } from 'react';
import { fieldIssues } from './check';
import { FieldCard } from './FieldCard';

export const CANVAS_ID = 'form-designer-canvas';

interface CanvasProps {
  schema: FormSchema;
  /** One stable id per field (keys may be mid-edit or repeated; these are not). */
  ids: string[];
  errors: FieldErrors;
  selectedId: string | null;
  revealId: string | null;
  /** Where a field type dragged from the palette would land (null: no such drag over the canvas). */
  insertAt: number | null;
  isMobile: boolean;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
}

function InsertMark() {
  return <div className="form-designer-canvas__mark" aria-hidden />;
}

/** The form's fields in order: a drop target for the palette and a sortable list. */
export function Canvas({
  schema,
  ids,
  errors,
  selectedId,
  revealId,
  insertAt,
  isMobile,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
}: CanvasProps) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  const count = schema.fields.length;
  return (
    <div
      ref={setNodeRef}
      className={isOver || insertAt !== null ? 'form-designer-canvas is-over' : 'form-designer-canvas'}
      role="list"
      aria-label={FormDesignerTexts.canvas}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {schema.fields.map((field, index) => {
          const id = ids[index] ?? `${index}`;
          return (
            <Fragment key={id}>
              {insertAt === index && <InsertMark />}
              <div role="listitem">
                <FieldCard
                  id={id}
                  field={field}
                  schema={schema}
                  index={index}
                  count={count}
                  isSelected={id === selectedId}
                  issues={fieldIssues(errors, index).all}
                  shouldReveal={id === revealId}
                  onSelect={() => onSelect(id)}
                  onMove={(to) => onMove(index, to)}
                  onDuplicate={() => onDuplicate(index)}
                  onRemove={() => onRemove(index)}
                />
              </div>
            </Fragment>
          );
        })}
      </SortableContext>
      {insertAt !== null && insertAt >= count && count > 0 && <InsertMark />}
      {count === 0 && (
        <div className="form-designer-canvas__empty">{isMobile ? FormDesignerTexts.canvasEmptyMobile : FormDesignerTexts.canvasEmpty}</div>
      )}
    </div>
  );
}

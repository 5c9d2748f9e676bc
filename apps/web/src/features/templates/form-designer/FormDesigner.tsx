import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Button, Drawer, Segmented } from 'antd';
import {
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELDS_MAX,
  FormDesignerTexts,
  type FieldErrors,
  type FormField,
  type FormFieldType,
  type FormSchema,
} from '@osp/shared';
import { useMemo, useState } from 'react';
import { useIsMobile } from '../../../utils/useIsMobile';
import { Canvas, CANVAS_ID } from './Canvas';
import { checkFormSchema, duplicateKeyErrors, formIssues, mergeErrors } from './check';
import { FormPreview } from './FormPreview';
import { Palette, PaletteChip, PALETTE_ID_PREFIX, type PaletteDrag } from './Palette';
import { PropertyPanel } from './PropertyPanel';
import { addField, duplicateField, moveField, moveItem, removeField, updateField } from './schema-editing';
import './form-designer.css';

export interface FormDesignerProps {
  /** The working schema. */
  value: FormSchema;
  onChange: (next: FormSchema) => void;
  /** The API's 422 errors for the form, keys as sent: 'form_schema.fields.<i>.<prop>' (and 'form_schema'). */
  errors?: Record<string, string[]>;
}

type Mode = 'design' | 'preview';

let lastId = 0;
/** The canvas's own ids: a field's key may be mid-edit or repeated, and dnd-kit and React need stable ones. */
function newId(): string {
  lastId += 1;
  return `fd-field-${lastId}`;
}

function paletteDrag(active: Active | null): PaletteDrag | undefined {
  const data = active?.data.current as PaletteDrag | undefined;
  return data?.from === 'palette' ? data : undefined;
}

/**
 * A palette type is dropped where the pointer is (onto the canvas only, beside the nearest field); a
 * canvas field is sorted among the fields (closest centre, which also serves the keyboard).
 */
const collision: CollisionDetection = (args) => {
  const fields = args.droppableContainers.filter((c) => c.id !== CANVAS_ID);
  if (paletteDrag(args.active)) {
    const canvas = pointerWithin({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id === CANVAS_ID) });
    if (canvas.length === 0) return [];
    const nearest = closestCenter({ ...args, droppableContainers: fields });
    return nearest.length > 0 ? nearest : canvas;
  }
  return closestCenter({ ...args, droppableContainers: fields });
};

/**
 * The form designer (issue 5): a palette of the field types, the canvas of the form's fields (drag in,
 * drag to reorder, move, copy, remove) and the selected field's properties; a preview renders the form
 * exactly as a bill shows it. The schema is checked as the server checks it, and each faulty field is
 * outlined with its messages; the server's own refusal is shown until the form is changed. On a phone
 * the panes stack: fields are added from a drawer, properties edited in another.
 */
export function FormDesigner({ value, onChange, errors }: FormDesignerProps) {
  const isMobile = useIsMobile();
  const count = value.fields.length;
  const [ids, setIds] = useState<string[]>(() => value.fields.map(newId));
  // The schema replaced from outside (another template, a reload): fresh ids.
  let currentIds = ids;
  if (ids.length !== count) {
    currentIds = value.fields.map(newId);
    setIds(currentIds);
  }
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('design');
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [dragType, setDragType] = useState<FormFieldType | null>(null);
  const [insertAt, setInsertAt] = useState<number | null>(null);

  // The server's refusal belongs to the schema it refused: once the form changes, the local check speaks.
  const schemaKey = JSON.stringify(value);
  const errorsKey = JSON.stringify(errors ?? {});
  const [refused, setRefused] = useState({ errorsKey, schemaKey });
  if (refused.errorsKey !== errorsKey) setRefused({ errorsKey, schemaKey });
  const isRefusalCurrent = refused.errorsKey === errorsKey && refused.schemaKey === schemaKey;
  const localErrors = useMemo(() => mergeErrors(checkFormSchema(value), duplicateKeyErrors(value)), [value]);
  const allErrors: FieldErrors = useMemo(
    () => mergeErrors(localErrors, isRefusalCurrent ? errors : undefined),
    [localErrors, isRefusalCurrent, errors],
  );
  const formMessages = formIssues(allErrors);
  const hasErrors = Object.keys(allErrors).length > 0;

  const selectedIndex = selectedId === null ? -1 : currentIds.indexOf(selectedId);
  const selected: FormField | undefined = value.fields[selectedIndex];

  const commit = (next: FormSchema, nextIds: string[]) => {
    setIds(nextIds);
    onChange(next);
  };
  const select = (id: string | null) => {
    setSelectedId(id);
    if (isMobile && id !== null) setIsPanelOpen(true);
  };
  const handleAdd = (type: FormFieldType, index = count) => {
    if (count >= FORM_FIELDS_MAX) return;
    const at = Math.max(0, Math.min(index, count));
    const id = newId();
    const nextIds = [...currentIds];
    nextIds.splice(at, 0, id);
    commit(addField(value, type, at), nextIds);
    setSelectedId(id);
    setRevealId(id);
    setIsPaletteOpen(false);
  };
  const handleMove = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    commit(moveField(value, from, to), moveItem(currentIds, from, to));
    setRevealId(currentIds[from] ?? null);
  };
  const handleDuplicate = (index: number) => {
    if (count >= FORM_FIELDS_MAX) return;
    const id = newId();
    const nextIds = [...currentIds];
    nextIds.splice(index + 1, 0, id);
    commit(duplicateField(value, index), nextIds);
    select(id);
    setRevealId(id);
  };
  const handleRemove = (index: number) => {
    if (currentIds[index] === selectedId) {
      setSelectedId(null);
      setIsPanelOpen(false);
    }
    commit(
      removeField(value, index),
      currentIds.filter((_, i) => i !== index),
    );
  };
  const handlePatch = (patch: Partial<FormField>) => {
    if (selectedIndex >= 0) commit(updateField(value, selectedIndex, patch), currentIds);
  };

  // Drag and drop: palette → canvas (at the marked place), and reordering on the canvas.
  const sensors = useSensors(
    // A few pixels of travel first, so a click on a palette item or a handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dropIndex = (active: Active, over: Over | null): number | null => {
    if (!over) return null;
    if (over.id === CANVAS_ID) return count;
    const index = currentIds.indexOf(String(over.id));
    if (index < 0) return null;
    const dragged = active.rect.current.translated;
    const isBelow = dragged !== null && dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2;
    return isBelow ? index + 1 : index;
  };
  const handleDragStart = ({ active }: DragStartEvent) => setDragType(paletteDrag(active)?.type ?? null);
  const handleDragMove = ({ active, over }: DragMoveEvent) => {
    if (paletteDrag(active)) setInsertAt(dropIndex(active, over));
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const drag = paletteDrag(active);
    setDragType(null);
    setInsertAt(null);
    if (drag) {
      const index = dropIndex(active, over);
      if (index !== null) handleAdd(drag.type, index);
      return;
    }
    if (!over || over.id === active.id) return;
    handleMove(currentIds.indexOf(String(active.id)), currentIds.indexOf(String(over.id)));
  };
  const nameOf = (id: string | number): string => {
    const key = String(id);
    if (key.startsWith(PALETTE_ID_PREFIX)) return FORM_FIELD_TYPE_LABELS[key.slice(PALETTE_ID_PREFIX.length) as FormFieldType] ?? '';
    return value.fields[currentIds.indexOf(key)]?.label ?? '';
  };
  const positionOf = (id: string | number) => currentIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => FormDesignerTexts.dragPicked(nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over && over.id !== CANVAS_ID ? FormDesignerTexts.dragOver(nameOf(active.id), positionOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over && over.id !== CANVAS_ID ? FormDesignerTexts.dragDropped(nameOf(active.id), positionOf(over.id)) : undefined,
    onDragCancel: ({ active }) => FormDesignerTexts.dragCancelled(nameOf(active.id)),
  };

  const panel =
    selected === undefined ? null : (
      <PropertyPanel key={selectedId} schema={value} index={selectedIndex} errors={allErrors} onChange={handlePatch} />
    );
  const classes = ['form-designer'];
  if (isMobile) classes.push('is-mobile');
  if (mode === 'preview') classes.push('is-preview');

  return (
    <div className={classes.join(' ')}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{ announcements, screenReaderInstructions: { draggable: FormDesignerTexts.dragInstructions } }}
        onDragStart={handleDragStart}
        onDragMove={handleDragMove}
        onDragEnd={handleDragEnd}
        onDragCancel={() => {
          setDragType(null);
          setInsertAt(null);
        }}
      >
        {!isMobile && mode === 'design' && (
          <aside className="form-designer__pane form-designer__palette">
            <h3 className="form-designer__title">{FormDesignerTexts.palette}</h3>
            <p className="form-designer__muted">{FormDesignerTexts.paletteHint}</p>
            <Palette onAdd={(type) => handleAdd(type)} isFull={count >= FORM_FIELDS_MAX} isDraggable />
          </aside>
        )}
        <section className="form-designer__main" aria-label={FormDesignerTexts.canvas}>
          <div className="form-designer__toolbar">
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'design', label: FormDesignerTexts.modeDesign },
                { value: 'preview', label: FormDesignerTexts.modePreview },
              ]}
            />
            {isMobile && mode === 'design' && (
              <Button type="primary" icon={<PlusOutlined />} disabled={count >= FORM_FIELDS_MAX} onClick={() => setIsPaletteOpen(true)}>
                {FormDesignerTexts.addField}
              </Button>
            )}
          </div>
          {formMessages.length > 0 && (
            <Alert className="form-designer__alert" type="error" showIcon title={formMessages.join('；')} role="alert" />
          )}
          {mode === 'design' ? (
            <Canvas
              schema={value}
              ids={currentIds}
              errors={allErrors}
              selectedId={selectedId}
              revealId={revealId}
              insertAt={insertAt}
              isMobile={isMobile}
              onSelect={select}
              onMove={handleMove}
              onDuplicate={handleDuplicate}
              onRemove={handleRemove}
            />
          ) : (
            <FormPreview schema={value} hasErrors={hasErrors} />
          )}
        </section>
        {!isMobile && (
          <aside className="form-designer__pane form-designer__props" aria-label={FormDesignerTexts.properties}>
            <h3 className="form-designer__title">{FormDesignerTexts.properties}</h3>
            {panel ?? <p className="form-designer__muted">{FormDesignerTexts.propertiesEmpty}</p>}
          </aside>
        )}
        <DragOverlay dropAnimation={null}>{dragType ? <PaletteChip type={dragType} /> : null}</DragOverlay>
      </DndContext>
      {isMobile && (
        <>
          <Drawer
            placement="bottom"
            size="auto"
            open={isPaletteOpen}
            title={FormDesignerTexts.addField}
            onClose={() => setIsPaletteOpen(false)}
            className="form-designer-drawer"
          >
            <Palette onAdd={(type) => handleAdd(type)} isFull={count >= FORM_FIELDS_MAX} isDraggable={false} />
          </Drawer>
          <Drawer
            placement="bottom"
            size="85%"
            open={isPanelOpen && selected !== undefined}
            title={FormDesignerTexts.properties}
            onClose={() => setIsPanelOpen(false)}
            extra={
              <Button type="primary" onClick={() => setIsPanelOpen(false)}>
                {FormDesignerTexts.close}
              </Button>
            }
            className="form-designer-drawer"
          >
            {panel}
          </Drawer>
        </>
      )}
    </div>
  );
}

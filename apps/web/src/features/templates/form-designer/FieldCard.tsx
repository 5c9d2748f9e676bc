import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Popconfirm, Tag } from 'antd';
import { FORM_FIELD_TYPE_LABELS, FormDesignerTexts, itemsTotalColumn, type FormField, type FormSchema } from '@osp/shared';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FIELD_TYPE_ICONS } from './Palette';

function defaultText(field: FormField): string | undefined {
  const value = field.defaultValue;
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  return Array.isArray(value) ? value.join('、') : String(value);
}

function isDefaultOption(field: FormField, option: string): boolean {
  const value = field.defaultValue;
  return Array.isArray(value) ? value.includes(option) : value === option;
}

/** A quiet likeness of the field's control: enough to recognise it, nothing to type into. */
function ControlLikeness({ field, schema }: { field: FormField; schema: FormSchema }): ReactNode {
  switch (field.type) {
    case 'description':
      return <div className="form-designer-card__content">{field.content || FormDesignerTexts.descriptionEmpty}</div>;
    case 'items': {
      const total = itemsTotalColumn(schema.fields, field.key);
      return (
        <div className="form-designer-card__control">
          <span>{FormDesignerTexts.columnsSummary((field.columns ?? []).map((c) => c.label))}</span>
          {total && <span className="form-designer-card__muted">{FormDesignerTexts.totalSummary(total.label)}</span>}
        </div>
      );
    }
    case 'select':
    case 'radio':
    case 'checkbox':
      return (
        <div className="form-designer-card__control form-designer-card__options">
          {(field.options ?? []).slice(0, 8).map((option, i) => (
            // The default choices stand out: that is what a new bill starts with.
            <Tag key={`${i}-${option}`} color={isDefaultOption(field, option) ? 'blue' : undefined}>
              {option}
            </Tag>
          ))}
          {(field.options?.length ?? 0) > 8 && (
            <span className="form-designer-card__muted">{FormDesignerTexts.optionsCount(field.options?.length ?? 0)}</span>
          )}
        </div>
      );
    case 'money':
      if (field.sumOf !== undefined) {
        const source = schema.fields.find((f) => f.key === field.sumOf);
        return (
          <div className="form-designer-card__control form-designer-card__muted">
            ¥ {FormDesignerTexts.sumOfSummary(source?.label ?? field.sumOf)}
          </div>
        );
      }
      break;
    case 'text':
    case 'textarea':
    case 'number':
    case 'date':
    case 'daterange':
    case 'user':
    case 'department':
    case 'attachment':
      break;
  }
  const preset = defaultText(field);
  return (
    <div className={field.type === 'textarea' ? 'form-designer-card__control is-tall' : 'form-designer-card__control'}>
      {preset !== undefined ? (
        <span>
          {FormDesignerTexts.defaultPrefix}
          {preset}
        </span>
      ) : (
        <span className="form-designer-card__muted">{field.placeholder ?? ''}</span>
      )}
    </div>
  );
}

/** An icon button on a card: its click acts without also selecting the card. */
function CardAction({ icon, label, disabled, onClick }: { icon: ReactNode; label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button
      type="text"
      size="small"
      icon={icon}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    />
  );
}

export interface FieldCardProps {
  id: string;
  field: FormField;
  schema: FormSchema;
  index: number;
  count: number;
  isSelected: boolean;
  /** Messages about the field (the local check and the server's). */
  issues: string[];
  /** Brought into view once (just added or duplicated). */
  shouldReveal: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/**
 * A field on the canvas: its likeness, selected by a click (or Enter), dragged by its handle (mouse,
 * finger or keyboard), moved, copied and removed by its buttons. A faulty field is outlined in red
 * with its messages.
 */
export function FieldCard({
  id,
  field,
  schema,
  index,
  count,
  isSelected,
  issues,
  shouldReveal,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
}: FieldCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const cardRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (shouldReveal) cardRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [shouldReveal]);
  const label = field.label.trim() || FORM_FIELD_TYPE_LABELS[field.type];
  const classes = ['form-designer-card'];
  if (isSelected) classes.push('is-selected');
  if (issues.length > 0) classes.push('is-invalid');
  if (isDragging) classes.push('is-dragging');
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };
  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        cardRef.current = node;
      }}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={classes.join(' ')}
      data-testid={`form-field-${field.key}`}
      role="group"
      aria-label={label}
      aria-current={isSelected ? 'true' : undefined}
      aria-invalid={issues.length > 0 || undefined}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={handleKeyDown}
    >
      <div className="form-designer-card__head">
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          className="form-designer-card__handle"
          icon={<HolderOutlined />}
          {...attributes}
          {...listeners}
          aria-label={FormDesignerTexts.dragHandle(label)}
          onClick={(event) => event.stopPropagation()}
        />
        <span className="form-designer-card__icon" aria-hidden>
          {FIELD_TYPE_ICONS[field.type]}
        </span>
        <span className="form-designer-card__label">
          {field.required && field.sumOf === undefined && (
            <span className="form-designer-card__required" aria-label={FormDesignerTexts.required}>
              *
            </span>
          )}
          {label}
        </span>
        <span className="form-designer-card__type">
          {field.sumOf !== undefined ? FormDesignerTexts.computed : FORM_FIELD_TYPE_LABELS[field.type]}
        </span>
        <span className="form-designer-card__actions">
          <CardAction
            icon={<ArrowUpOutlined />}
            label={FormDesignerTexts.moveUp}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          />
          <CardAction
            icon={<ArrowDownOutlined />}
            label={FormDesignerTexts.moveDown}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          />
          <CardAction icon={<CopyOutlined />} label={FormDesignerTexts.duplicate} onClick={onDuplicate} />
          <Popconfirm
            title={FormDesignerTexts.removeConfirm(label)}
            okText={FormDesignerTexts.removeOk}
            cancelText={FormDesignerTexts.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={(event) => {
              event?.stopPropagation();
              onRemove();
            }}
            onCancel={(event) => event?.stopPropagation()}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={FormDesignerTexts.remove}
              title={FormDesignerTexts.remove}
              onClick={(event) => event.stopPropagation()}
            />
          </Popconfirm>
        </span>
      </div>
      <ControlLikeness field={field} schema={schema} />
      {field.help && field.type !== 'description' && <div className="form-designer-card__help">{field.help}</div>}
      {issues.length > 0 && (
        <ul className="form-designer-card__issues">
          {issues.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

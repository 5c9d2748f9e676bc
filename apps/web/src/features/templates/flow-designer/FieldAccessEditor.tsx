import { Radio, Typography } from 'antd';
import {
  FIELD_ACCESS,
  FIELD_ACCESS_LABELS,
  FieldAccessTexts as M,
  fieldAccessAt,
  isChangeable,
  type FieldAccess,
  type FormSchema,
} from '@osp/shared';

interface FieldAccessEditorProps {
  schema: FormSchema;
  access: Readonly<Record<string, FieldAccess>>;
  onChange: (next: Record<string, FieldAccess>) => void;
}

/**
 * 字段权限 of a change node, as 泛微 and O2OA set them per node: each form field 只读, 可编辑 or 隐藏 for the node's
 * handler. 只读 is the default and is not stored; 可编辑 is offered only where a field may be edited at all.
 */
export function FieldAccessEditor({ schema, access, onChange }: FieldAccessEditorProps) {
  const fields = schema.fields.filter((f) => f.type !== 'description');
  const set = (key: string, value: FieldAccess) => {
    const next: Record<string, FieldAccess> = { ...access };
    if (value === 'read') delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <section className="fd-field-access" aria-label={M.title}>
      <Typography.Title level={5}>{M.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{M.hint}</Typography.Paragraph>
      {fields.length === 0 && <Typography.Paragraph type="secondary">{M.noFields}</Typography.Paragraph>}
      <ul className="fd-field-access__list">
        {fields.map((field) => (
          <li key={field.key} className="fd-field-access__row">
            <span className="fd-field-access__label">{field.label}</span>
            <Radio.Group
              size="small"
              optionType="button"
              aria-label={M.fieldLabel(field.label)}
              value={fieldAccessAt(access, field)}
              onChange={(e) => set(field.key, e.target.value as FieldAccess)}
              options={FIELD_ACCESS.map((value) => ({
                value,
                label: FIELD_ACCESS_LABELS[value],
                disabled: value === 'edit' && !isChangeable(field),
              }))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

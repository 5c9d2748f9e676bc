import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Switch } from 'antd';
import { FormDesignerTexts, ITEM_COLUMN_TYPE_LABELS, ITEM_COLUMN_TYPES, type FormField, type ItemColumn } from '@osp/shared';
import { propIssues, type FieldIssues } from './check';
import { OptionsEditor } from './OptionsEditor';
import { RowButtons } from './RowButtons';
import { addColumn, moveColumn, removeColumn, updateColumn } from './schema-editing';

type ColumnsPatch = Pick<FormField, 'columns' | 'totalOf'>;

interface ColumnsEditorProps {
  /** Prefix of the inputs' ids. */
  idPrefix: string;
  field: FormField;
  issues: FieldIssues;
  onChange: (patch: ColumnsPatch) => void;
}

function errorProps(messages: string[]) {
  return messages.length > 0 ? { validateStatus: 'error' as const, help: messages.join('；') } : {};
}

/** The columns of an items field: label, key, type, required and a select column's options; ordered. */
export function ColumnsEditor({ idPrefix, field, issues, onChange }: ColumnsEditorProps) {
  const columns = field.columns ?? [];
  const source = { columns, totalOf: field.totalOf };
  const listIssues = issues.byProp.columns ?? [];
  return (
    <div className="form-designer-columns" role="group" aria-label={FormDesignerTexts.propColumns}>
      {columns.map((column: ItemColumn, index) => {
        const id = `${idPrefix}-col${index}`;
        const path = `columns.${index}`;
        const change = (patch: Partial<ItemColumn>) => onChange(updateColumn(source, index, patch));
        const name = column.label.trim() || FormDesignerTexts.columnTitle(index + 1);
        return (
          // The position is a column's identity while its key is typed.
          <div key={index} className="form-designer-columns__column" role="group" aria-label={FormDesignerTexts.columnTitle(index + 1)}>
            <div className="form-designer-columns__head">
              <span>{FormDesignerTexts.columnTitle(index + 1)}</span>
              <span>
                <RowButtons
                  index={index}
                  count={columns.length}
                  upLabel={FormDesignerTexts.columnUp(name)}
                  downLabel={FormDesignerTexts.columnDown(name)}
                  removeLabel={FormDesignerTexts.columnRemove(name)}
                  onMove={(to) => onChange({ ...source, ...moveColumn(source, index, to) })}
                  onRemove={() => onChange(removeColumn(source, index))}
                />
              </span>
            </div>
            <Form.Item label={FormDesignerTexts.columnLabel} htmlFor={`${id}-label`} {...errorProps(propIssues(issues, `${path}.label`))}>
              <Input id={`${id}-label`} value={column.label} maxLength={50} onChange={(event) => change({ label: event.target.value })} />
            </Form.Item>
            <Form.Item label={FormDesignerTexts.columnKey} htmlFor={`${id}-key`} {...errorProps(propIssues(issues, `${path}.key`))}>
              <Input
                id={`${id}-key`}
                value={column.key}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => change({ key: event.target.value })}
              />
            </Form.Item>
            <div className="form-designer-columns__inline">
              <Form.Item label={FormDesignerTexts.columnType} htmlFor={`${id}-type`}>
                <Select
                  id={`${id}-type`}
                  value={column.type}
                  options={ITEM_COLUMN_TYPES.map((type) => ({ value: type, label: ITEM_COLUMN_TYPE_LABELS[type] }))}
                  onChange={(type) => change({ type })}
                />
              </Form.Item>
              <Form.Item label={FormDesignerTexts.columnRequired} htmlFor={`${id}-required`}>
                <Switch id={`${id}-required`} checked={column.required} onChange={(required) => change({ required })} />
              </Form.Item>
            </div>
            {column.type === 'select' && (
              <Form.Item label={FormDesignerTexts.columnOptions} {...errorProps(issues.byProp[`${path}.options`] ?? [])}>
                <OptionsEditor
                  label={`${name}${FormDesignerTexts.columnOptions}`}
                  options={column.options ?? []}
                  issuesOf={(i) => issues.byProp[`${path}.options.${i}`] ?? []}
                  onChange={(patch) => change({ options: patch.options })}
                />
              </Form.Item>
            )}
          </div>
        );
      })}
      {listIssues.length > 0 && <div className="form-designer-props__issue">{listIssues.join('；')}</div>}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={columns.length >= 20}
        onClick={() => onChange({ ...source, ...addColumn(source) })}
      >
        {FormDesignerTexts.columnAdd}
      </Button>
    </div>
  );
}

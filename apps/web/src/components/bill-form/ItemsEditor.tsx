import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormListFieldData } from 'antd';
import { BillFormTexts, ITEM_ROWS_MAX, type FormField } from '@osp/shared';
import { MoneyText } from './BillFormView';
import { CellInput } from './inputs';
import { cellRule } from './rules';
import { itemsTotal, type EditorRow } from './values';

interface ItemsEditorProps {
  field: FormField;
  isMobile: boolean;
}

/** The computed total under the table, following every keystroke (money summed in cents). */
function ItemsTotal({ field }: { field: FormField }) {
  const rows = Form.useWatch<EditorRow[] | undefined>(['form', field.key]);
  const column = field.columns?.find((c) => c.key === field.totalOf);
  if (!column) return null;
  const total = itemsTotal(field, rows ?? []);
  return (
    <div className="bill-items__total" data-testid={`items-total-${field.key}`}>
      <span className="bill-items__total-label">
        {BillFormTexts.itemsTotal}（{column.label}）
      </span>
      {column.type === 'money' ? <MoneyText value={total} /> : <span className="bill-money__amount">{total}</span>}
    </div>
  );
}

function RowCells({ field, row, isMobile }: { field: FormField; row: FormListFieldData; isMobile: boolean }) {
  return (
    <>
      {(field.columns ?? []).map((column) => (
        <Form.Item
          key={column.key}
          className="bill-items__cell"
          name={[row.name, column.key]}
          label={isMobile ? column.label : undefined}
          required={column.required}
          rules={[cellRule(field, column)]}
        >
          <CellInput column={column} />
        </Form.Item>
      ))}
    </>
  );
}

/**
 * A line-items table being edited: one row per item with the columns' editors, add and remove, the
 * total beneath. On a wide screen the rows line up as a table; on a phone each row is a card.
 */
export function ItemsEditor({ field, isMobile }: ItemsEditorProps) {
  const columns = field.columns ?? [];
  return (
    <Form.List name={['form', field.key]}>
      {(rows, { add, remove }, { errors }) => (
        <div className={isMobile ? 'bill-items-editor bill-items-editor--cards' : 'bill-items-editor'}>
          {!isMobile && (
            <div
              className="bill-items-editor__head"
              style={{ gridTemplateColumns: `48px repeat(${columns.length}, minmax(120px, 1fr)) 64px` }}
            >
              <span>{BillFormTexts.itemsIndex}</span>
              {columns.map((column) => (
                <span key={column.key} className={column.required ? 'bill-items-editor__required' : undefined}>
                  {column.label}
                </span>
              ))}
              <span />
            </div>
          )}
          {rows.length === 0 && <div className="bill-items-editor__empty">{BillFormTexts.itemsEmpty}</div>}
          {rows.map((row, index) => (
            <div
              key={row.key}
              className="bill-items-editor__row"
              data-testid={`items-row-${field.key}`}
              style={isMobile ? undefined : { gridTemplateColumns: `48px repeat(${columns.length}, minmax(120px, 1fr)) 64px` }}
            >
              <span className="bill-items-editor__index">{isMobile ? BillFormTexts.itemsRow(index + 1) : index + 1}</span>
              <RowCells field={field} row={row} isMobile={isMobile} />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${BillFormTexts.itemsRemoveRow}${BillFormTexts.itemsRow(index + 1)}`}
                className="bill-items-editor__remove"
                onClick={() => remove(row.name)}
              >
                {isMobile ? BillFormTexts.itemsRemoveRow : null}
              </Button>
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <div className="bill-items-editor__foot">
            <Button icon={<PlusOutlined />} disabled={rows.length >= ITEM_ROWS_MAX} onClick={() => add({})}>
              {BillFormTexts.itemsAddRow}
            </Button>
            <ItemsTotal field={field} />
          </div>
        </div>
      )}
    </Form.List>
  );
}

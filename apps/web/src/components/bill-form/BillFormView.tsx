import { Descriptions, Table, Typography } from 'antd';
import {
  BillFormTexts,
  formatMoney,
  moneyInWordsLabel,
  type FileCard,
  type FormField,
  type FormSchema,
  type ItemColumn,
  type ItemRow,
  type StoredValue,
} from '@osp/shared';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../utils/useIsMobile';
import { useDirectoryNames, type DirectoryNames } from '../pickers';
import { AttachmentList } from './AttachmentList';
import { itemsTotal, plainText, rowsOf, type FormItems, type FormValues } from './values';
import './bill-form.css';

export interface BillFormViewProps {
  schema: FormSchema;
  values: FormValues;
  /** Item rows by items field, when the API returns them beside the form (BillDetail.items). */
  items?: FormItems;
  /** Each items table's total (BillDetail.totals); computed from the rows when absent. */
  totals?: Record<string, string>;
  /** Cards of the files the attachment fields hold (BillDetail.attachments); fetched by id when absent. */
  attachments?: Record<string, FileCard>;
}

function idsOf(value: StoredValue | undefined): number[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.filter((v): v is number => typeof v === 'number');
}

/** A money amount with its amount in words beneath (SPEC §9). */
export function MoneyText({ value }: { value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return <span className="bill-form__empty">{BillFormTexts.empty}</span>;
  const words = moneyInWordsLabel(value);
  return (
    <span className="bill-money">
      <span className="bill-money__amount">¥ {formatMoney(value)}</span>
      {words && <span className="bill-money__words">{words}</span>}
    </span>
  );
}

function attachmentIds(value: StoredValue | undefined): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

function valueNode(
  field: FormField,
  value: StoredValue | undefined,
  names: DirectoryNames,
  attachments: Record<string, FileCard> | undefined,
): ReactNode {
  const isEmpty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (isEmpty) return <span className="bill-form__empty">{BillFormTexts.empty}</span>;
  switch (field.type) {
    case 'money':
      return <MoneyText value={typeof value === 'number' ? value : String(value)} />;
    case 'daterange':
      return Array.isArray(value) ? value.join(' 至 ') : plainText(value);
    case 'user':
      return idsOf(value).map(names.userName).join('、');
    case 'department':
      return idsOf(value).map(names.deptName).join('、');
    case 'attachment':
      return <AttachmentList ids={attachmentIds(value)} known={attachments} />;
    case 'textarea':
      return <span className="bill-form__multiline">{plainText(value)}</span>;
    case 'text':
    case 'number':
    case 'date':
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'items':
    case 'description':
      return plainText(value);
  }
}

function cellNode(column: ItemColumn, value: ItemRow[string] | undefined): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="bill-form__empty">{BillFormTexts.empty}</span>;
  return column.type === 'money' ? formatMoney(value) : String(value);
}

interface ItemsViewProps {
  field: FormField;
  rows: ItemRow[];
  total: string | null;
}

/** A line-items table, read only, with its total and the total in words. */
export function ItemsTableView({ field, rows, total }: ItemsViewProps) {
  const columns = field.columns ?? [];
  const totalColumn = columns.find((c) => c.key === field.totalOf);
  const isMoneyTotal = totalColumn?.type === 'money';
  return (
    <div className="bill-items">
      <Table<ItemRow & { _index: number }>
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="_index"
        dataSource={rows.map((row, i) => ({ ...row, _index: i + 1 }))}
        locale={{ emptyText: BillFormTexts.itemsEmpty }}
        columns={[
          { title: BillFormTexts.itemsIndex, dataIndex: '_index', width: 60, align: 'center' },
          ...columns.map((column) => ({
            title: column.label,
            dataIndex: column.key,
            align: column.type === 'money' || column.type === 'number' ? ('right' as const) : undefined,
            render: (value: ItemRow[string]) => cellNode(column, value),
          })),
        ]}
      />
      {totalColumn && total !== null && (
        <div className="bill-items__total" data-testid={`items-total-${field.key}`}>
          <span className="bill-items__total-label">
            {BillFormTexts.itemsTotal}（{totalColumn.label}）
          </span>
          {isMoneyTotal ? <MoneyText value={total} /> : <span className="bill-money__amount">{total}</span>}
        </div>
      )}
    </div>
  );
}

/**
 * A bill's form, read only: every field type of the schema, money with its amount in words, line items
 * as a table with the total, people and departments by name. Used by the detail and print pages.
 */
export function BillFormView({ schema, values, items, totals, attachments }: BillFormViewProps) {
  const names = useDirectoryNames();
  const isMobile = useIsMobile();
  return (
    <Descriptions
      className={isMobile ? 'bill-form-view bill-form-view--stacked' : 'bill-form-view'}
      bordered
      size="middle"
      // One field per row: the view sits in a card beside the flow (detail) or on A4 (print), where two
      // columns would squeeze the values; line items and long texts need the whole width.
      column={1}
      layout={isMobile ? 'vertical' : 'horizontal'}
      styles={{ label: { width: isMobile ? undefined : 140 } }}
      items={schema.fields.map((field) => {
        if (field.type === 'description') {
          return {
            key: field.key,
            label: field.label,
            children: <Typography.Text type="secondary">{field.content ?? ''}</Typography.Text>,
          };
        }
        if (field.type === 'items') {
          const rows = rowsOf(field, values, items);
          const total = totals?.[field.key] ?? itemsTotal(field, rows);
          return { key: field.key, label: field.label, children: <ItemsTableView field={field} rows={rows} total={total} /> };
        }
        const value = values[field.key];
        return {
          key: field.key,
          label: field.label,
          children: valueNode(
            field,
            Array.isArray(value) && typeof value[0] === 'object' ? undefined : (value as StoredValue),
            names,
            attachments,
          ),
        };
      })}
    />
  );
}

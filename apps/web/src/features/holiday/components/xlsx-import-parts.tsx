import { InboxOutlined } from '@ant-design/icons';
import { Alert, Form, Table, Upload, type TableColumnsType } from 'antd';
import { ApiError } from '../../../api/client';
import { messageText } from '../../../components/HtmlMessage';

/**
 * What HR's xlsx imports (假期额度, 工作日历) share: the file field, the refused rows as the server lists them, and how a
 * refusal is read — rows to the table, a refusal of the file to the file field.
 */

/** The `rows` of a refused import (`{row, …, messages}` per bad row), or none. */
export function refusedRowsOf<Row>(error: unknown): Row[] {
  const rows = error instanceof ApiError ? error.dataField('rows') : undefined;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** A refusal of the file itself (size, format, header) as the file field shows it, or null. */
export function fileRefusalOf(error: unknown): string | null {
  return error instanceof ApiError ? messageText(error.fieldErrors?.file?.[0] ?? '') || null : null;
}

interface XlsxFileFieldProps {
  label: string;
  drop: string;
  file: File | null;
  error: string | null;
  /** A file chosen or removed; it is sent with the dialog's button, not on its own. */
  onChange: (file: File | null) => void;
}

export function XlsxFileField({ label, drop, file, error, onChange }: XlsxFileFieldProps) {
  return (
    <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          onChange(chosen);
          return false;
        }}
        onRemove={() => onChange(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{drop}</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

interface RefusedRowsProps<Row> {
  /** The refusal's message, above the rows. */
  title: string;
  label: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
}

/** Every refused row with its number and reasons, so HR fixes the file in one pass. */
export function RefusedRows<Row extends { row: number }>({ title, label, columns, rows }: RefusedRowsProps<Row>) {
  if (rows.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={
        <Table<Row>
          className="holiday-import__rows"
          aria-label={label}
          size="small"
          rowKey="row"
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
        />
      }
    />
  );
}

import { Form, InputNumber, Modal, Typography, type TableColumnsType } from 'antd';
import {
  WORK_CALENDAR_IMPORT_MAX_ROWS,
  WorkCalendarImportMessages,
  WorkCalendarImportTexts,
  WorkCalendarMessages,
  type WorkCalendarImportRowError,
  type WorkCalendarYear,
} from '@osp/shared';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useImportWorkCalendar } from '../../../api/work-calendar-import';
import { messageText } from '../../../components/HtmlMessage';
import { fileRefusalOf, refusedRowsOf, RefusedRows, XlsxFileField } from './xlsx-import-parts';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../utils/useIsMobile';

interface WorkCalendarImportDialogProps {
  isOpen: boolean;
  /** The year the page shows: the one imported unless HR picks another. */
  year: number;
  onClose: () => void;
  /** After a good import, with the year as saved. */
  onImported: (saved: WorkCalendarYear) => void;
}

const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

// The messages' values arrive escaped for HTML (escapeHtml); a table cell shows plain text.
const COLUMNS: TableColumnsType<WorkCalendarImportRowError> = [
  {
    title: WorkCalendarImportTexts.columnRow,
    dataIndex: 'row',
    key: 'row',
    width: 72,
    render: (row: number) => WorkCalendarImportTexts.rowNumber(row),
  },
  { title: WorkCalendarImportTexts.columnDay, dataIndex: 'day', key: 'day' },
  { title: WorkCalendarImportTexts.columnKind, dataIndex: 'kind', key: 'kind' },
  { title: WorkCalendarImportTexts.columnName, dataIndex: 'name', key: 'name' },
  {
    title: WorkCalendarImportTexts.columnReasons,
    key: 'messages',
    render: (_value, item) => item.messages.map((message) => <div key={message}>{messageText(message)}</div>),
  },
];

/**
 * 导入 of 工作日历: an xlsx of 日期, 类型 and 名称 replaces a year's holidays and make-up workdays, all rows or none
 * (as HolidayImportDialog for 假期额度, with the year to import and the calendar's columns). A refused file lists every
 * bad row with its number as the spreadsheet shows it and all its reasons, so HR fixes them in one pass.
 */
export function WorkCalendarImportDialog({ isOpen, year, onClose, onImported }: WorkCalendarImportDialogProps) {
  const isMobile = useIsMobile();
  const importCalendar = useImportWorkCalendar();
  // undefined: the page's year; what is typed (null when emptied) until the dialog closes.
  const [typedYear, setTypedYear] = useState<number | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<WorkCalendarImportRowError[]>([]);
  const [refusal, setRefusal] = useState('');
  const target = typedYear === undefined ? year : typedYear;
  const isYearValid = target !== null && Number.isInteger(target) && target >= YEAR_MIN && target <= YEAR_MAX;

  const clearOutcome = () => {
    setFileError(null);
    setBadRows([]);
    setRefusal('');
  };

  // Cleared on the way out, so that the next opening starts empty at the page's year.
  const handleClose = () => {
    setTypedYear(undefined);
    setFile(null);
    clearOutcome();
    onClose();
  };

  const handleImport = async () => {
    // An emptied or impossible year keeps the import back; the field says why.
    if (target === null || !isYearValid) return;
    if (!file) {
      setFileError(WorkCalendarImportMessages.fileRequired);
      return;
    }
    clearOutcome();
    try {
      const { data, message } = await importCalendar.mutateAsync({ year: target, file });
      toast.success(message);
      onImported(data);
      handleClose();
    } catch (error) {
      // The API client toasted the refusal; the rows are listed here in full, a refusal of the file at the file.
      const rows = refusedRowsOf<WorkCalendarImportRowError>(error);
      setBadRows(rows);
      if (rows.length > 0 && error instanceof ApiError) setRefusal(messageText(error.message));
      else setFileError(fileRefusalOf(error));
    }
  };

  return (
    <Modal
      title={WorkCalendarImportTexts.dialogTitle}
      open={isOpen}
      width={isMobile ? '100%' : 760}
      mask={{ closable: false }}
      onCancel={handleClose}
      onOk={() => void handleImport()}
      okText={WorkCalendarImportTexts.start}
      confirmLoading={importCalendar.isPending}
    >
      <Typography.Paragraph type="secondary">{WorkCalendarImportTexts.dialogHelp(WORK_CALENDAR_IMPORT_MAX_ROWS)}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={WorkCalendarImportTexts.year}
          required
          validateStatus={isYearValid ? undefined : 'error'}
          help={isYearValid ? undefined : WorkCalendarMessages.yearInvalid}
        >
          <InputNumber<number>
            aria-label={WorkCalendarImportTexts.year}
            min={YEAR_MIN}
            max={YEAR_MAX}
            precision={0}
            value={target}
            onChange={(next) => {
              clearOutcome();
              setTypedYear(next);
            }}
          />
        </Form.Item>
        <XlsxFileField
          label={WorkCalendarImportTexts.file}
          drop={WorkCalendarImportTexts.drop}
          file={file}
          error={fileError}
          onChange={(chosen) => {
            setFile(chosen);
            clearOutcome();
          }}
        />
      </Form>
      <RefusedRows title={refusal} label={WorkCalendarImportTexts.dialogTitle} columns={COLUMNS} rows={badRows} />
    </Modal>
  );
}

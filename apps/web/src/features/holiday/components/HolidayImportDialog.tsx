import { Form, Modal, Typography, type TableColumnsType } from 'antd';
import { HOLIDAY_IMPORT_MAX_ROWS, HolidayImportMessages, HolidayImportTexts, type HolidayImportRowError } from '@osp/shared';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useImportHolidayStats } from '../../../api/holiday-import';
import { messageText } from '../../../components/HtmlMessage';
import { fileRefusalOf, refusedRowsOf, RefusedRows, XlsxFileField } from './xlsx-import-parts';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../utils/useIsMobile';

interface HolidayImportDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

// The messages' values arrive escaped for HTML (escapeHtml); a table cell shows plain text.
const COLUMNS: TableColumnsType<HolidayImportRowError> = [
  {
    title: HolidayImportTexts.columnRow,
    dataIndex: 'row',
    key: 'row',
    width: 72,
    render: (row: number) => HolidayImportTexts.rowNumber(row),
  },
  { title: HolidayImportTexts.columnUsername, dataIndex: 'username', key: 'username' },
  { title: HolidayImportTexts.columnName, dataIndex: 'name', key: 'name' },
  {
    title: HolidayImportTexts.columnReasons,
    key: 'messages',
    render: (_value, item) => item.messages.map((message) => <div key={message}>{messageText(message)}</div>),
  },
];

/**
 * 导入 of 假期额度: an xlsx of 账号, 年份, 总天数 sets each person's total of the year, all rows or none. A refused file
 * lists every bad row with its number as the spreadsheet shows it and all its reasons, so HR fixes them in one pass.
 */
export function HolidayImportDialog({ isOpen, onClose }: HolidayImportDialogProps) {
  const isMobile = useIsMobile();
  const importStats = useImportHolidayStats();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<HolidayImportRowError[]>([]);
  const [refusal, setRefusal] = useState('');

  const clearOutcome = () => {
    setFileError(null);
    setBadRows([]);
    setRefusal('');
  };

  // Cleared on the way out, so that the next opening starts empty.
  const handleClose = () => {
    setFile(null);
    clearOutcome();
    onClose();
  };

  const handleImport = async () => {
    if (!file) {
      setFileError(HolidayImportMessages.fileRequired);
      return;
    }
    clearOutcome();
    try {
      const { message } = await importStats.mutateAsync(file);
      toast.success(message);
      handleClose();
    } catch (error) {
      // The API client toasted the refusal; the rows are listed here in full, a refusal of the file at the file.
      const rows = refusedRowsOf<HolidayImportRowError>(error);
      setBadRows(rows);
      if (rows.length > 0 && error instanceof ApiError) setRefusal(messageText(error.message));
      else setFileError(fileRefusalOf(error));
    }
  };

  return (
    <Modal
      title={HolidayImportTexts.dialogTitle}
      open={isOpen}
      width={isMobile ? '100%' : 720}
      mask={{ closable: false }}
      onCancel={handleClose}
      onOk={() => void handleImport()}
      okText={HolidayImportTexts.start}
      confirmLoading={importStats.isPending}
    >
      <Typography.Paragraph type="secondary">{HolidayImportTexts.dialogHelp(HOLIDAY_IMPORT_MAX_ROWS)}</Typography.Paragraph>
      <Form layout="vertical">
        <XlsxFileField
          label={HolidayImportTexts.file}
          drop={HolidayImportTexts.drop}
          file={file}
          error={fileError}
          onChange={(chosen) => {
            setFile(chosen);
            clearOutcome();
          }}
        />
      </Form>
      <RefusedRows title={refusal} label={HolidayImportTexts.dialogTitle} columns={COLUMNS} rows={badRows} />
    </Modal>
  );
}

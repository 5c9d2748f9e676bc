import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Flex, Input, Select, Table, Typography, type TableColumnsType } from 'antd';
import {
  HolidayAdminTexts,
  WORK_CALENDAR_KINDS,
  WorkCalendarImportTexts,
  WorkCalendarMessages,
  type WorkCalendarKind,
  type WorkCalendarYear,
} from '@osp/shared';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useSaveWorkCalendar, useWorkCalendar } from '../../../api/holiday';
import { downloadWorkCalendarImportTemplate } from '../../../api/work-calendar-import';
import { AdminPage } from '../../../components/AdminPage';
import { queryListState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { messageText } from '../../../components/HtmlMessage';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { WorkCalendarImportDialog } from '../components/WorkCalendarImportDialog';
import { calendarRows, rowErrors, toEntries, type CalendarRow } from '../calendar-rows';
import { shanghaiYear, yearOptions } from '../holiday-years';
import '../holiday-admin.css';

const KIND_OPTIONS = WORK_CALENDAR_KINDS.map((kind) => ({ value: kind, label: HolidayAdminTexts.kinds[kind] }));

/**
 * /holiday/calendar (permission holiday_admin): 工作日历 — a year's public holidays and make-up workdays, edited as
 * rows and saved as a whole. The server's refusals show at the row they name; nothing typed is lost on a refusal.
 * 导入 loads a year from an xlsx (the State Council's schedule), asking first when there are unsaved edits.
 */
export default function HolidayCalendarPage() {
  const [year, setYear] = useState(shanghaiYear);
  const calendar = useWorkCalendar(year);
  const save = useSaveWorkCalendar();
  // The person's edits, or null while the rows are the year as read: a reading never overwrites what is typed.
  const [draft, setDraft] = useState<CalendarRow[] | null>(null);
  const [errors, setErrors] = useState<Map<string, string[]>>(new Map());
  const read = useMemo(() => calendarRows(calendar.data?.entries ?? []), [calendar.data]);
  const rows = draft ?? read;
  const isDirty = draft !== null;
  useLeaveGuard(isDirty, '.holiday-calendar');
  const { modal } = App.useApp();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isTemplateLoading, setIsTemplateLoading] = useState(false);

  // An import replaces a whole year: unsaved edits would be lost once it succeeds, so that is asked first.
  const handleImport = () => {
    if (!isDirty) {
      setIsImportOpen(true);
      return;
    }
    modal.confirm({
      title: WorkCalendarImportTexts.discardTitle,
      content: WorkCalendarImportTexts.discardContent,
      okText: WorkCalendarImportTexts.discardOk,
      okButtonProps: { danger: true },
      cancelText: WorkCalendarImportTexts.discardCancel,
      onOk: () => setIsImportOpen(true),
    });
  };
  // The imported year is shown as saved (the dialog's call put it in the cache and reads it again).
  const handleImported = (saved: WorkCalendarYear) => {
    setDraft(null);
    setErrors(new Map());
    setYear(saved.year);
  };
  const handleTemplate = () => {
    setIsTemplateLoading(true);
    // A refusal was toasted by the API client.
    downloadWorkCalendarImportTemplate()
      .catch(() => undefined)
      .finally(() => setIsTemplateLoading(false));
  };

  const change = (next: (current: CalendarRow[]) => CalendarRow[]) => setDraft((current) => next(current ?? read));
  const edit = (key: string, patch: Partial<CalendarRow>) =>
    change((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: string) => change((current) => current.filter((row) => row.key !== key));
  const add = () => change((current) => [...current, { key: `new-${Date.now()}-${current.length}`, day: '', kind: 'holiday', name: '' }]);

  const handleSave = async () => {
    const entries = toEntries(rows);
    setErrors(new Map());
    try {
      await save.mutateAsync({ year, entries });
      toast.success(WorkCalendarMessages.saved);
      setDraft(null);
    } catch (error) {
      // The API client has toasted the failure; the rows stay as typed, and a 422 marks the rows it names.
      if (error instanceof ApiError && error.fieldErrors) setErrors(rowErrors(rows, error.fieldErrors));
    }
  };

  const counts = useMemo(() => {
    const holidays = rows.filter((r) => r.kind === 'holiday' && r.day).length;
    return { holidays, workdays: rows.filter((r) => r.kind === 'workday' && r.day).length };
  }, [rows]);
  const listed = queryListState(calendar, HolidayAdminTexts.calendarEmpty);

  const columns: TableColumnsType<CalendarRow> = [
    {
      title: HolidayAdminTexts.columnDay,
      key: 'day',
      render: (_value, row) => (
        <Flex vertical gap={2}>
          <DatePicker
            aria-label={HolidayAdminTexts.columnDay}
            value={row.day ? dayjs(row.day) : null}
            minDate={dayjs(`${year}-01-01`)}
            maxDate={dayjs(`${year}-12-31`)}
            status={errors.has(row.key) ? 'error' : ''}
            onChange={(next) => edit(row.key, { day: next ? next.format('YYYY-MM-DD') : '' })}
          />
          {(errors.get(row.key) ?? []).map((message) => (
            <Typography.Text key={message} type="danger" className="holiday-calendar__error">
              {messageText(message)}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      title: HolidayAdminTexts.columnKind,
      key: 'kind',
      render: (_value, row) => (
        <Select<WorkCalendarKind>
          aria-label={HolidayAdminTexts.columnKind}
          options={KIND_OPTIONS}
          value={row.kind}
          onChange={(kind) => edit(row.key, { kind })}
          style={{ minWidth: 120 }}
        />
      ),
    },
    {
      title: HolidayAdminTexts.columnEntryName,
      key: 'name',
      render: (_value, row) => (
        <Input
          aria-label={HolidayAdminTexts.columnEntryName}
          maxLength={30}
          placeholder={HolidayAdminTexts.entryNamePlaceholder}
          value={row.name}
          onChange={(event) => edit(row.key, { name: event.target.value })}
        />
      ),
    },
    {
      title: HolidayAdminTexts.columnActions,
      key: 'actions',
      render: (_value, row) => (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={HolidayAdminTexts.remove} onClick={() => remove(row.key)} />
      ),
    },
  ];

  return (
    <div className="holiday-calendar">
      <AdminPage
        title={HolidayAdminTexts.calendarTitle}
        description={HolidayAdminTexts.calendarDescription}
        actions={
          <>
            <Button icon={<PlusOutlined />} onClick={add}>
              {HolidayAdminTexts.addEntry}
            </Button>
            <Button type="primary" loading={save.isPending} disabled={!isDirty} onClick={() => void handleSave()}>
              {HolidayAdminTexts.save}
            </Button>
            <Button icon={<UploadOutlined />} onClick={handleImport}>
              {WorkCalendarImportTexts.import}
            </Button>
            <Button icon={<DownloadOutlined />} loading={isTemplateLoading} onClick={handleTemplate}>
              {WorkCalendarImportTexts.template}
            </Button>
            <OperationLogButton itemType="work_calendar" />
          </>
        }
      >
        <Card size="small">
          <Flex wrap gap={12} align="center" className="holiday-admin__filters">
            <Select<number>
              aria-label={HolidayAdminTexts.year}
              options={yearOptions(year)}
              value={year}
              disabled={isDirty}
              onChange={(next) => {
                setYear(next);
                setErrors(new Map());
              }}
            />
            <Typography.Text type="secondary">{HolidayAdminTexts.summary(counts.holidays, counts.workdays)}</Typography.Text>
            {isDirty && <Typography.Text type="warning">{HolidayAdminTexts.unsaved}</Typography.Text>}
          </Flex>
          {listed.above}
          <Table<CalendarRow>
            rowKey="key"
            size="small"
            aria-label={HolidayAdminTexts.calendarTitle}
            columns={columns}
            dataSource={rows}
            locale={{ emptyText: listed.emptyText }}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      </AdminPage>
      <WorkCalendarImportDialog isOpen={isImportOpen} year={year} onClose={() => setIsImportOpen(false)} onImported={handleImported} />
    </div>
  );
}

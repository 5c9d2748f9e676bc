import { Alert, Button, Card, DatePicker, Flex, Form, Input, Select, Typography } from 'antd';
import {
  availableDays,
  HALF_DAY_LABELS,
  HALF_DAYS,
  LEAVE_REASON_MAX,
  LeaveMessages,
  LeaveTexts,
  leaveTypeProblem,
  type HalfDay,
  type LeaveType,
} from '@osp/shared';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMyHolidayStatsOf } from '../../../api/holiday';
import { useLeaveTypes, useStartLeave } from '../../../api/leave';
import { AttachmentInput } from '../../../components/bill-form/AttachmentInput';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { detailPath } from '../../../utils/bill-paths';
import { useLeaveMeasure } from '../leave-measure';
import '../holiday-admin.css';

interface LeaveValues {
  leave_type_id?: number;
  start?: Dayjs | null;
  start_half: HalfDay;
  end?: Dayjs | null;
  end_half: HalfDay;
  reason?: string;
  files?: string[];
}

const HALF_OPTIONS = HALF_DAYS.map((half) => ({ value: half, label: HALF_DAY_LABELS[half] }));
const DAY_FORMAT = 'YYYY-MM-DD';

/** The server's names of the fields where they differ from the form's. */
const FIELD_OF: Record<string, keyof LeaveValues> = { start_day: 'start', end_day: 'end' };

/**
 * 申请请假 (/holiday/leave/new, everyone): the type, the span in half days, the days measured on the work calendar as the
 * person types (the server measures them again), the balance of the year for a type that counts, the reason and a
 * certificate. Submitting starts the 请假 bill and opens it.
 */
export default function LeaveRequestPage() {
  const [form] = Form.useForm<LeaveValues>();
  const navigate = useNavigate();
  const types = useLeaveTypes();
  const start = useLeave(form);
  const [isDirty, setIsDirty] = useState(false);
  const [isSent, setIsSent] = useState(false);
  useLeaveGuard(isDirty && !isSent, '.leave-request');

  const handleFinish = async (values: LeaveValues) => {
    if (!values.start || !values.end || values.leave_type_id === undefined) return;
    try {
      const result = await start.mutation.mutateAsync({
        leave_type_id: values.leave_type_id,
        start_day: values.start.format(DAY_FORMAT),
        start_half: values.start_half,
        end_day: values.end.format(DAY_FORMAT),
        end_half: values.end_half,
        reason: values.reason ?? '',
        files: values.files ?? [],
      });
      setIsSent(true);
      toast.success(LeaveTexts.submitted);
      void navigate(detailPath({ id: result.bill_id, status: 'doing' }, 'mine'));
    } catch (error) {
      showFieldErrors(form, error, { ...FIELD_OF, days: 'end' });
    }
  };

  return (
    <Card className="leave-request" title={LeaveTexts.newTitle}>
      <Typography.Paragraph type="secondary">{LeaveTexts.newDescription}</Typography.Paragraph>
      <Form<LeaveValues>
        form={form}
        layout="vertical"
        name="leave-request"
        style={{ maxWidth: 640 }}
        initialValues={{ start_half: 'am', end_half: 'pm', files: [] }}
        onValuesChange={() => setIsDirty(true)}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item name="leave_type_id" label={LeaveTexts.type} rules={[{ required: true, message: LeaveMessages.typeRequired }]}>
          <Select
            placeholder={LeaveTexts.typePlaceholder}
            loading={types.isLoading}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          />
        </Form.Item>
        <SpanItem name="start" halfName="start_half" label={LeaveTexts.start} />
        <SpanItem name="end" halfName="end_half" label={LeaveTexts.end} />
        <Form.Item label={LeaveTexts.days}>
          <DaysLine type={start.type} measure={start.measure} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={LeaveTexts.reason}
          rules={[{ required: true, whitespace: true, message: LeaveMessages.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={LEAVE_REASON_MAX} showCount placeholder={LeaveTexts.reasonPlaceholder} />
        </Form.Item>
        <Form.Item
          name="files"
          label={LeaveTexts.files}
          extra={start.type?.attachment_over_days != null ? LeaveTexts.attachmentHint(start.type.attachment_over_days) : undefined}
        >
          <AttachmentInput />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={start.mutation.isPending}>
            {LeaveTexts.submit}
          </Button>
          <Button data-leave onClick={() => void navigate(LeaveTexts.minePath)}>
            {LeaveTexts.cancel}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A day and its half on one row; the day's errors (and the server's refusals of the span) show under the row. */
function SpanItem({ name, halfName, label }: { name: 'start' | 'end'; halfName: 'start_half' | 'end_half'; label: string }) {
  return (
    <Form.Item label={label} required>
      <Flex gap={8}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: `请选择${label}` }]}>
          <DatePicker placeholder={LeaveTexts.dayPlaceholder} aria-label={label} style={{ flex: 1 }} />
        </Form.Item>
        <Form.Item name={halfName} noStyle>
          <Select options={HALF_OPTIONS} aria-label={`${label}时段`} style={{ width: 100 }} />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}

/** What the form shows under 请假天数: the measured days and, for a type that counts, the year's balance after it. */
function DaysLine({ type, measure }: { type: LeaveType | undefined; measure: ReturnType<typeof useLeaveMeasure> }) {
  const stats = useMyHolidayStatsOf(measure.year);
  if (measure.state === 'empty') return <Typography.Text type="secondary">{LeaveTexts.daysPending}</Typography.Text>;
  if (measure.state === 'loading') return <Typography.Text type="secondary">{LeaveTexts.daysMeasuring}</Typography.Text>;
  if (measure.state === 'failed') return <Typography.Text type="secondary">{LeaveTexts.calendarFailed}</Typography.Text>;
  if (measure.state === 'refused') return <Alert type="warning" showIcon message={measure.message} />;
  const problem = type ? leaveTypeProblem(type, measure.span, measure.days, measure.fileCount) : undefined;
  const balance = stats.data;
  const available = balance ? availableDays(balance) : undefined;
  const isOver = type?.counts_balance === true && available !== undefined && measure.days > available;
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong data-testid="leave-days" style={{ fontSize: 18 }}>
        {LeaveTexts.daysValue(measure.days)}
      </Typography.Text>
      {type && !type.counts_balance && <Typography.Text type="secondary">{LeaveTexts.notCounted}</Typography.Text>}
      {type?.counts_balance && balance && available !== undefined && (
        <Typography.Text type={isOver ? 'danger' : 'secondary'}>
          {isOver
            ? LeaveMessages.overBalance(type.name, measure.days, available, balance.total_day, balance.used_day, balance.applying_day)
            : LeaveTexts.balance(measure.year, available, balance.total_day, balance.used_day, balance.applying_day)}
        </Typography.Text>
      )}
      {problem && <Alert type="warning" showIcon message={problem.message} />}
    </Flex>
  );
}

/** The form's live state: the chosen type and the span measured on the calendar. */
function useLeave(form: ReturnType<typeof Form.useForm<LeaveValues>>[0]) {
  const typeId = Form.useWatch('leave_type_id', form);
  const startDay = Form.useWatch('start', form);
  const startHalf = Form.useWatch('start_half', form);
  const endDay = Form.useWatch('end', form);
  const endHalf = Form.useWatch('end_half', form);
  const files = Form.useWatch('files', form);
  const types = useLeaveTypes();
  const mutation = useStartLeave();
  const type = types.data?.find((t) => t.id === typeId);
  const measure = useLeaveMeasure({
    startDay: startDay ? startDay.format(DAY_FORMAT) : undefined,
    startHalf: startHalf ?? 'am',
    endDay: endDay ? endDay.format(DAY_FORMAT) : undefined,
    endHalf: endHalf ?? 'pm',
    fileCount: files?.length ?? 0,
  });
  return { type, measure, mutation };
}

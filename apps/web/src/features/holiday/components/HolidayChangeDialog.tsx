import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { HOLIDAY_REASON_MAX, HolidayAdminMessages, HolidayAdminTexts, type HolidayChange, type HolidayStatsRow } from '@osp/shared';
import { useChangeHolidayStats } from '../../../api/holiday';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface HolidayChangeDialogProps {
  /** The person whose balance is adjusted; null when closed. */
  row: HolidayStatsRow | null;
  onClose: () => void;
}

type ChangeValues = Pick<HolidayChange, 'delta' | 'reason'>;

/** 调整: days added to (or taken from) a year's total, with the reason HR must give. Refusals show at their field. */
export function HolidayChangeDialog({ row, onClose }: HolidayChangeDialogProps) {
  const [form] = Form.useForm<ChangeValues>();
  const change = useChangeHolidayStats();
  const delta = Form.useWatch('delta', form);

  const handleFinish = async (values: ChangeValues) => {
    if (!row) return;
    try {
      await change.mutateAsync({ userId: row.user_id, year: row.year, delta: values.delta, reason: values.reason });
      toast.success(HolidayAdminMessages.changed);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const after = row && typeof delta === 'number' ? row.total_day + delta : null;
  return (
    <Modal
      title={row ? HolidayAdminTexts.changeTitle(row.name, row.year) : ''}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={HolidayAdminTexts.confirm}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {row && (
        <Typography.Paragraph type="secondary">
          {HolidayAdminTexts.current(row.total_day, row.used_day, row.applying_day)}
        </Typography.Paragraph>
      )}
      <Form<ChangeValues>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="holiday-change"
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="delta"
          label={HolidayAdminTexts.delta}
          extra={after === null ? HolidayAdminTexts.deltaHelp : HolidayAdminTexts.after(after)}
          rules={[
            { required: true, message: HolidayAdminMessages.deltaInvalid },
            {
              validator: (_rule, value: unknown) =>
                typeof value === 'number' && value !== 0 && Number.isInteger(value * 2)
                  ? Promise.resolve()
                  : Promise.reject(new Error(HolidayAdminMessages.deltaInvalid)),
            },
          ]}
        >
          <InputNumber step={0.5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={HolidayAdminTexts.reason}
          rules={[{ required: true, whitespace: true, message: HolidayAdminMessages.reasonRequired }]}
        >
          <Input.TextArea maxLength={HOLIDAY_REASON_MAX} showCount rows={3} placeholder={HolidayAdminTexts.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Button, DatePicker, Form, Modal } from 'antd';
import { HolidayEntitlementMessages, HolidayEntitlementTexts, WORK_START_DAY_MIN, type HolidayEntitlementRow } from '@osp/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { useSaveWorkStart } from '../../../api/holiday-entitlement';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface HolidayWorkStartDialogProps {
  /** The person of the preview row whose 参加工作日期 is set; null when closed. */
  row: HolidayEntitlementRow | null;
  onClose: () => void;
}

interface WorkStartValues {
  work_start_day: Dayjs | null;
}

/** 参加工作日期 of one person, from the preview: saved, the preview is read again with the person's new 工龄. */
export function HolidayWorkStartDialog({ row, onClose }: HolidayWorkStartDialogProps) {
  const [form] = Form.useForm<WorkStartValues>();
  const save = useSaveWorkStart();
  const words = HolidayEntitlementTexts;

  const saveDay = async (day: string | null) => {
    if (!row) return;
    try {
      const { message } = await save.mutateAsync({ userId: row.user_id, work_start_day: day });
      toast.success(message);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={row ? words.workStartTitle(row.name) : ''}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={words.saveWorkStart}
      confirmLoading={save.isPending}
      destroyOnHidden
      footer={(original) => (
        <>
          {row?.work_start_day && (
            <Button danger onClick={() => void saveDay(null)}>
              {words.clearWorkStart}
            </Button>
          )}
          {original}
        </>
      )}
    >
      <Form<WorkStartValues>
        form={form}
        name="holiday-work-start"
        layout="vertical"
        clearOnDestroy
        initialValues={{ work_start_day: row?.work_start_day ? dayjs(row.work_start_day) : null }}
        onFinish={(values) => void saveDay(values.work_start_day ? values.work_start_day.format('YYYY-MM-DD') : null)}
      >
        <Form.Item
          name="work_start_day"
          label={words.workStart}
          extra={words.workStartHelp}
          rules={[{ required: true, message: HolidayEntitlementMessages.workStartInvalid }]}
        >
          <DatePicker aria-label={words.workStart} minDate={dayjs(WORK_START_DAY_MIN)} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

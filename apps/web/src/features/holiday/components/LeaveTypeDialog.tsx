import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { LEAVE_TYPE_NAME_MAX, LeaveTypeMessages, LeaveTypeTexts, type LeaveTypeAdmin } from '@osp/shared';
import { useSaveLeaveType } from '../../../api/leave';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface LeaveTypeValues {
  name: string;
  counts_balance: boolean;
  half_day: boolean;
  attachment_over_days: number | null;
  enabled: boolean;
}

interface LeaveTypeDialogProps {
  /** The type edited; null for a new one; undefined when closed. */
  type: LeaveTypeAdmin | null | undefined;
  onClose: () => void;
}

const NEW_TYPE: LeaveTypeValues = { name: '', counts_balance: false, half_day: true, attachment_over_days: null, enabled: true };

/** 新建类型 / 编辑: a type's name (fixed once created) and rules. Refusals show at their field. */
export function LeaveTypeDialog({ type, onClose }: LeaveTypeDialogProps) {
  const [form] = Form.useForm<LeaveTypeValues>();
  const save = useSaveLeaveType();
  const isNew = type === null;

  const handleFinish = async (values: LeaveTypeValues) => {
    try {
      await save.mutateAsync({ ...values, ...(type ? { id: type.id, name: type.name } : {}) });
      toast.success(isNew ? LeaveTypeMessages.created : LeaveTypeMessages.saved);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={type ? LeaveTypeTexts.editTitle(type.name) : LeaveTypeTexts.createTitle}
      open={type !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={LeaveTypeTexts.save}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<LeaveTypeValues>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="leave-type"
        initialValues={type ? { ...type } : NEW_TYPE}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="name"
          label={LeaveTypeTexts.name}
          rules={[{ required: true, whitespace: true, message: LeaveTypeMessages.nameRequired }]}
        >
          <Input maxLength={LEAVE_TYPE_NAME_MAX} placeholder={LeaveTypeTexts.namePlaceholder} disabled={!isNew} />
        </Form.Item>
        <Form.Item name="counts_balance" label={LeaveTypeTexts.counts} extra={LeaveTypeTexts.countsHelp} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="half_day" label={LeaveTypeTexts.half} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="attachment_over_days" label={LeaveTypeTexts.attachment} extra={LeaveTypeTexts.attachmentHelp}>
          <InputNumber min={0} max={366} step={0.5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={LeaveTypeTexts.enabledLabel} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

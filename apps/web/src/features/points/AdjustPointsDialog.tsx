import { Form, Input, InputNumber, Modal } from 'antd';
import { POINT_ADJUST_MAX, POINT_REASON_MAX, PointMessages, PointTexts, type PointAdjust } from '@osp/shared';
import { useAdjustPoints } from '../../api/points';
import { showFieldErrors } from '../../components/form-errors';
import { PersonPicker } from '../../components/pickers';
import { toast } from '../../components/toast';

interface AdjustPointsDialogProps {
  isOpen: boolean;
  /** The administrator: not offered, as the server refuses anyone adjusting their own points. */
  selfId: number | undefined;
  onClose: () => void;
}

/** 调整积分: a person, the points (negative deducts) and the reason; the server's refusals land at their fields. */
export function AdjustPointsDialog({ isOpen, selfId, onClose }: AdjustPointsDialogProps) {
  const [form] = Form.useForm<PointAdjust>();
  const adjust = useAdjustPoints();

  const handleFinish = async (values: PointAdjust) => {
    try {
      const { message } = await adjust.mutateAsync(values);
      toast.success(message);
      form.resetFields();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={PointTexts.adjust}
      open={isOpen}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={PointTexts.adjustOk}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      <Form<PointAdjust> form={form} layout="vertical" name="adjust-points" onFinish={(values) => void handleFinish(values)}>
        <Form.Item name="user_id" label={PointTexts.adjustUser} rules={[{ required: true, message: PointMessages.userRequired }]}>
          <PersonPicker filter={(person) => person.id !== selfId} />
        </Form.Item>
        <Form.Item
          name="points"
          label={PointTexts.adjustPoints}
          extra={PointTexts.adjustPointsHelp}
          rules={[{ required: true, message: PointMessages.pointsRequired }]}
        >
          <InputNumber min={-POINT_ADJUST_MAX} max={POINT_ADJUST_MAX} precision={0} suffix="分" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={PointTexts.adjustReason}
          rules={[{ required: true, whitespace: true, message: PointMessages.reasonRequired }]}
        >
          <Input.TextArea maxLength={POINT_REASON_MAX} showCount rows={3} placeholder={PointTexts.adjustReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Alert, Button, Descriptions, Form, List, Modal, Typography } from 'antd';
import { HandoverMessages, HandoverTexts, type AdminUser, type TaskMoveSkipped } from '@osp/shared';
import { useState } from 'react';
import { useHandOver, useHandoverSummary } from '../../../api/handover';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';

interface HandoverValues {
  to_user_id?: number;
}

interface HandoverDialogProps {
  /** The person whose work moves; null when closed. */
  user: AdminUser | null;
  /** Opened by 禁用 of a person who holds open tasks: offers 直接禁用 and disables after a complete handover. */
  isDisabling: boolean;
  onClose: () => void;
  /** Disables the person (the page's own status change); resolves once done or refused. */
  onDisable: (user: AdminUser) => Promise<void>;
}

/**
 * 离职交接: what the person holds (open tasks, drafts, entrusts received), a receiver, and the move. Bills the receiver
 * may not take (their own requests, a step they already approve) stay and are listed; the dialog then stays open
 * for another receiver, and a disable waits until nothing is left behind.
 */
export function HandoverDialog({ user, isDisabling, onClose, onDisable }: HandoverDialogProps) {
  const [form] = Form.useForm<HandoverValues>();
  const summary = useHandoverSummary(user?.id);
  const handOver = useHandOver();
  const [skipped, setSkipped] = useState<TaskMoveSkipped[]>([]);
  const [isDisablingNow, setIsDisablingNow] = useState(false);

  const close = () => {
    setSkipped([]);
    onClose();
  };

  const disable = async (target: AdminUser) => {
    setIsDisablingNow(true);
    try {
      await onDisable(target);
    } finally {
      setIsDisablingNow(false);
    }
    close();
  };

  const handleFinish = async (values: HandoverValues) => {
    if (!user || values.to_user_id === undefined) return;
    try {
      const { data, message } = await handOver.mutateAsync({ userId: user.id, to_user_id: values.to_user_id });
      toast.success(message);
      if (data.tasks.skipped.length > 0) {
        setSkipped(data.tasks.skipped);
        form.resetFields();
        return;
      }
      if (isDisabling) await disable(user);
      else close();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const counts = summary.data;
  const footer = [
    <Button key="cancel" onClick={close}>
      取消
    </Button>,
    ...(isDisabling && user
      ? [
          <Button key="disable" danger loading={isDisablingNow} onClick={() => void disable(user)}>
            {HandoverTexts.disableOnly}
          </Button>,
        ]
      : []),
    <Button key="submit" type="primary" loading={handOver.isPending} disabled={!counts} onClick={() => form.submit()}>
      {isDisabling ? HandoverTexts.submitAndDisable : HandoverTexts.submit}
    </Button>,
  ];

  return (
    <Modal
      title={user ? (isDisabling ? HandoverTexts.disableTitle(user.name) : HandoverTexts.title(user.name)) : ''}
      open={user !== null}
      onCancel={close}
      footer={footer}
      width={560}
      maskClosable={false}
      destroyOnHidden
    >
      {user && isDisabling && counts && (
        <Alert
          type="warning"
          showIcon
          className="handover__alert"
          message={HandoverMessages.confirmDisableWithTasks(user.name, counts.open_tasks)}
        />
      )}
      <Typography.Paragraph type="secondary">{HandoverTexts.description}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={3}
        bordered
        className="handover__counts"
        items={[
          {
            key: 'tasks',
            label: HandoverTexts.openTasks,
            children: counts ? HandoverTexts.openTasksValue(counts.open_tasks, counts.open_bills) : '…',
          },
          { key: 'drafts', label: HandoverTexts.drafts, children: counts ? HandoverTexts.draftsValue(counts.drafts) : '…' },
          { key: 'entrusts', label: HandoverTexts.entrusts, children: counts ? HandoverTexts.entrustsValue(counts.entrusts) : '…' },
        ]}
      />
      {skipped.length > 0 && (
        <Alert
          type="info"
          showIcon
          className="handover__alert"
          message={HandoverTexts.skippedTitle}
          description={
            <>
              <List
                size="small"
                dataSource={skipped}
                renderItem={(bill) => (
                  <List.Item>
                    {bill.title || `#${bill.bill_id}`}：{bill.reason_text}
                  </List.Item>
                )}
              />
              {HandoverTexts.skippedHint}
            </>
          }
        />
      )}
      <Form<HandoverValues> form={form} layout="vertical" name="handover" clearOnDestroy onFinish={(values) => void handleFinish(values)}>
        <Form.Item
          name="to_user_id"
          label={HandoverTexts.receiver}
          rules={[{ required: true, message: HandoverMessages.receiverRequired }]}
        >
          <PersonPicker placeholder={HandoverTexts.receiverPlaceholder} filter={(person) => person.id !== user?.id} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

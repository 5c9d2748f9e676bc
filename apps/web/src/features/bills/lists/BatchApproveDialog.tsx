import { Alert, Button, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  BatchApproveTexts,
  COMMENT_MAX,
  type BatchApproveItem,
  type BatchApproveResult,
  type BatchResult,
  type BillListRow,
} from '@osp/shared';
import { useBatchApprove } from '../../../api/bills';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { showFieldErrors } from '../../../components/form-errors';
import { messageText } from '../../../components/HtmlMessage';
import { ActionDialog } from '../detail/ActionDialog';

const RESULT_COLORS: Record<BatchResult, string> = { approved: 'success', skipped: 'warning', failed: 'error' };

interface BatchValues {
  comment?: string;
}

interface BatchApproveProps {
  /** The chosen rows of the page shown. */
  bills: readonly Pick<BillListRow, 'id' | 'title'>[];
  /** After the server answered: the selection is spent. */
  onDone: () => void;
}

/**
 * 批量同意 on 待我审批 (POST /api/bills/batch/approve): the button with the count chosen, a confirmation with an
 * optional comment for every bill, then each bill's result. The server decides each bill as the detail page's 同意
 * would and skips those it cannot; this page shows what it answered and nothing of its own.
 */
export function BatchApproveBar({ bills, onDone }: BatchApproveProps) {
  const [form] = Form.useForm<BatchValues>();
  const [isConfirming, setIsConfirming] = useState(false);
  const [answer, setAnswer] = useState<{ result: BatchApproveResult; message: string } | null>(null);
  const approve = useBatchApprove();

  const handleOk = () => {
    const comment = form.getFieldValue('comment') as string | undefined;
    approve.mutateAsync({ bill_ids: bills.map((b) => b.id), comment: comment?.trim() || undefined }).then(
      ({ data, message }) => {
        setIsConfirming(false);
        setAnswer({ result: data, message });
        onDone();
      },
      // The API client has shown the refusal; a 422 about the comment also lands at its field.
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <>
      <Space className="bill-batch">
        <ButtonGuarded type="primary" disabled={bills.length === 0} onClick={() => setIsConfirming(true)}>
          {BatchApproveTexts.button}
        </ButtonGuarded>
        {bills.length > 0 && <Typography.Text type="secondary">{BatchApproveTexts.selected(bills.length)}</Typography.Text>}
      </Space>
      <ActionDialog
        form={form}
        open={isConfirming}
        title={BatchApproveTexts.confirmTitle(bills.length)}
        okText={BatchApproveTexts.confirmOk}
        loading={approve.isPending}
        onOk={handleOk}
        onClose={() => setIsConfirming(false)}
      >
        <Alert type="info" showIcon className="operate-form__hint" title={BatchApproveTexts.confirmHint} />
        <Form.Item name="comment" label={BatchApproveTexts.commentLabel}>
          <Input.TextArea rows={3} maxLength={COMMENT_MAX} showCount />
        </Form.Item>
      </ActionDialog>
      <BatchResultDialog answer={answer} onClose={() => setAnswer(null)} />
    </>
  );
}

function BatchResultDialog({ answer, onClose }: { answer: { result: BatchApproveResult; message: string } | null; onClose: () => void }) {
  return (
    <Modal
      open={answer !== null}
      title={BatchApproveTexts.resultTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {BatchApproveTexts.resultClose}
        </Button>
      }
      destroyOnHidden
    >
      {answer && (
        <>
          <Typography.Paragraph className="bill-batch__summary">{messageText(answer.message)}</Typography.Paragraph>
          <List<BatchApproveItem>
            className="bill-batch__results"
            size="small"
            dataSource={answer.result.items}
            renderItem={(item) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <Space size={8}>
                    <Tag color={RESULT_COLORS[item.result]}>{BatchApproveTexts.resultLabels[item.result]}</Tag>
                    <Typography.Text strong>{item.title ?? BatchApproveTexts.billNumber(item.id)}</Typography.Text>
                  </Space>
                  {/* A plain 已同意 says no more than its tag; a skip's reason or a note does. */}
                  {item.message !== BatchApproveTexts.resultLabels[item.result] && (
                    <Typography.Text type="secondary" className="bill-list__minor">
                      {messageText(item.message)}
                    </Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}

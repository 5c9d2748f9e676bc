import { Alert, List, Modal, Typography } from 'antd';
import { EntrustTexts, type TaskMoveReport } from '@osp/shared';
import { Link } from 'react-router';
import { detailPath } from '../detail/flow-display';

interface MoveReportDialogProps {
  report: TaskMoveReport | null;
  onClose: () => void;
}

/**
 * What 同时移交当前待办 left with the owner, and why (the delegate initiated the bill, or already approves that step).
 * Those bills stay in the owner's 待我审批, in progress: each links to its detail from there.
 */
export function MoveReportDialog({ report, onClose }: MoveReportDialogProps) {
  return (
    <Modal
      title={EntrustTexts.moveReportTitle}
      open={report !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      {report && (
        <>
          <Alert
            type="info"
            showIcon
            message={`${EntrustTexts.movedBills}：${report.moved.length}，${EntrustTexts.skippedBills}：${report.skipped.length}`}
          />
          <Typography.Title level={5} className="entrust-report__title">
            {EntrustTexts.skippedBills}
          </Typography.Title>
          <List
            size="small"
            dataSource={report.skipped}
            renderItem={(bill) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Link to={detailPath({ id: bill.bill_id, status: 'doing' }, 'todo', 'entrust')}>
                      {bill.title || `#${bill.bill_id}`}
                    </Link>
                  }
                  description={bill.reason_text}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}

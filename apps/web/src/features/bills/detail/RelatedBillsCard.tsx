import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, List, Modal, Select, Skeleton, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BILL_STATUS_LABELS, RelatedMessages, RelatedTexts, type BillRelations, type RelatedBill } from '@osp/shared';
import { useBillRelations, useLinkBills, useRelatedCandidates, useUnlinkBill } from '../../../api/bills-related';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { billStatusColor, detailPath } from './flow-display';

/**
 * 关联审批 on a bill's detail: the bills it links to and those linking to it, each opened when the viewer may read it
 * (a link grants no reading). The initiator adds and removes links here.
 */
export function RelatedBillsCard({ billId }: { billId: number }) {
  const relations = useBillRelations(billId);
  const [isAdding, setIsAdding] = useState(false);
  const data = relations.data;

  return (
    <Card
      title={RelatedTexts.title}
      variant="borderless"
      className="bill-detail__card bill-related"
      extra={
        data?.may_edit && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
            {RelatedTexts.add}
          </Button>
        )
      }
    >
      {data ? <RelatedLists relations={data} /> : <Skeleton active paragraph={{ rows: 2 }} />}
      {data?.may_edit && <AddRelatedDialog billId={billId} open={isAdding} onClose={() => setIsAdding(false)} />}
    </Card>
  );
}

function RelatedLists({ relations }: { relations: BillRelations }) {
  const unlink = useUnlinkBill();
  const remove = (bill: RelatedBill) =>
    unlink.mutateAsync({ bill_id: relations.bill_id, related_id: bill.id }).then(
      ({ message }) => toast.success(message || RelatedMessages.unlinked),
      () => undefined,
    );

  return (
    <>
      <RelatedList
        label={RelatedTexts.title}
        bills={relations.related}
        renderActions={(bill) =>
          relations.may_edit
            ? [
                <Button key="remove" type="link" size="small" danger onClick={() => void remove(bill)}>
                  {RelatedTexts.remove}
                </Button>,
              ]
            : []
        }
      />
      {relations.related_from.length > 0 && (
        <>
          <Typography.Paragraph type="secondary" className="bill-related__from">
            {RelatedTexts.linkedFrom}
          </Typography.Paragraph>
          <RelatedList label={RelatedTexts.linkedFrom} bills={relations.related_from} renderActions={() => []} />
        </>
      )}
    </>
  );
}

function RelatedList({
  label,
  bills,
  renderActions,
}: {
  label: string;
  bills: RelatedBill[];
  renderActions: (bill: RelatedBill) => ReactNode[];
}) {
  return (
    <List<RelatedBill>
      aria-label={label}
      size="small"
      dataSource={bills}
      locale={{ emptyText: RelatedTexts.empty }}
      renderItem={(bill) => (
        <List.Item actions={renderActions(bill)} className="bill-related__item">
          <List.Item.Meta
            avatar={<LinkOutlined />}
            title={
              bill.may_read ? (
                <Link to={detailPath(bill, 'mine', 'related')}>{bill.title}</Link>
              ) : (
                <span>
                  {bill.title} <Typography.Text type="secondary">（{RelatedTexts.noAccess}）</Typography.Text>
                </span>
              )
            }
            description={
              <>
                <Tag color={billStatusColor(bill.status)}>{BILL_STATUS_LABELS[bill.status]}</Tag>
                {bill.template_name} · No.{bill.id}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

function AddRelatedDialog({ billId, open, onClose }: { billId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ related_ids?: number[] }>();
  const [keyword, setKeyword] = useState('');
  const candidates = useRelatedCandidates(billId, keyword, open);
  const link = useLinkBills();

  const handleOk = () => {
    link.mutateAsync({ bill_id: billId, related_ids: form.getFieldsValue().related_ids ?? [] }).then(
      ({ message }) => {
        toast.success(message || RelatedMessages.linked);
        onClose();
      },
      (error: unknown) => showFieldErrors(form, error),
    );
  };

  return (
    <Modal
      open={open}
      title={RelatedTexts.add}
      okText={RelatedTexts.add}
      okButtonProps={{ loading: link.isPending }}
      onOk={handleOk}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) {
          form.resetFields();
          setKeyword('');
        }
      }}
    >
      <Form form={form} layout="vertical" onValuesChange={() => form.setFields([{ name: 'related_ids', errors: [] }])}>
        <Form.Item name="related_ids" label={RelatedTexts.title}>
          <Select<number[]>
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={candidates.isFetching}
            placeholder={RelatedTexts.pickPlaceholder}
            options={(candidates.data?.list ?? []).map((bill) => ({
              value: bill.id,
              label: `${bill.title}（${bill.template_name} · ${BILL_STATUS_LABELS[bill.status]}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

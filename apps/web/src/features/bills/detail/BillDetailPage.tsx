import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Result, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApprovalMessages, BillAccessLogTexts, BillPageMessages, NextBillTexts, type BillOperType, type FlowNodeView } from '@osp/shared';
import { useBill, useBillFlow, useBillHistory } from '../../../api/bills';
import { ApiError } from '../../../api/client';
import { useProfile } from '../../../api/user';
import { PageLoading } from '../../../components/PageLoading';
import { BillFormView } from '../../../components/bill-form';
import { AccessLogTab } from './AccessLogTab';
import { ActionBar } from './ActionBar';
import { BillSummary } from './BillSummary';
import { ChangeFormCard } from './ChangeFormCard';
import { RelatedBillsCard } from './RelatedBillsCard';
import { backPath, detailPath, idParam } from './flow-display';
import { FlowNodeList } from './FlowNodeList';
import { HistoryTimeline } from './HistoryTimeline';
import { NodeDialog } from './NodeDialog';
import { OperateDialog, type HandledBill } from './OperateDialog';
import './detail.css';

/**
 * SPEC §2 /office/approval/detail?from&billID&origin&status: the bill read only, its flow and history, and
 * the actions this user may take now. Every operation refetches the bill, its flow, the lists and the counts.
 */
export default function BillDetailPage() {
  const [params, setParams] = useSearchParams();
  const billId = idParam(params.get('billID'));
  const { data: profile } = useProfile();
  const bill = useBill(billId);
  const flow = useBillFlow(billId, bill.data !== undefined && bill.data.status !== 'draft');
  // After the bill, like the flow: a refused reader gets one message, not one per call.
  const history = useBillHistory(bill.data ? billId : undefined);
  const [operType, setOperType] = useState<BillOperType | null>(null);
  const [openNode, setOpenNode] = useState<FlowNodeView | null>(null);
  const [tab, setTab] = useState<'form' | 'access'>('form');
  // Arrived here after deciding another bill (OperateDialog): say so, with the way back to it.
  const handled = (useLocation().state as { handled?: HandledBill } | null)?.handled;

  // The address says the status the list showed (SPEC §2's `status`); once the bill has moved on, it says where it is
  // now, so a copied or reloaded address does not claim 审批中 for a finished bill. Replaced, not pushed: back still
  // goes to the list.
  const status = bill.data?.status;
  useEffect(() => {
    if (status === undefined || params.get('status') === status) return;
    if (!params.has('status')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('status', status);
        return next;
      },
      { replace: true },
    );
  }, [status, params, setParams]);

  const isInitiator = bill.data !== undefined && profile?.id === bill.data.initiator.id;
  const back = backPath(params.get('from'), isInitiator ? 'mine' : 'todo');

  if (billId === undefined) return <Result status="404" title={ApprovalMessages.billNotFound} extra={<Link to={back}>返回列表</Link>} />;
  if (bill.isError) {
    const refusal = bill.error instanceof ApiError ? bill.error.httpStatus : undefined;
    return <Result status={refusal === 403 ? '403' : 'warning'} title={bill.error.message} extra={<Link to={back}>返回列表</Link>} />;
  }
  if (!bill.data) return <PageLoading />;

  const data = bill.data;
  // Reading the access log is no action on the bill.
  const hasActions = Object.entries(data.abilities).some(([ability, can]) => ability !== 'view_access_log' && can);

  return (
    <div className="bill-detail">
      <Link to={back} className="bill-detail__back">
        <ArrowLeftOutlined /> 返回列表
      </Link>
      {handled && handled.id !== data.id && (
        <Alert
          className="bill-detail__handled"
          type="success"
          showIcon
          closable
          title={NextBillTexts.handled(handled.action, handled.title)}
          action={
            <div className="bill-detail__handled-links">
              <Link to={detailPath({ id: handled.id, status: handled.status }, 'todo', 'handled')}>{NextBillTexts.backToHandled}</Link>
              <Link to={backPath('todo', 'todo')}>{NextBillTexts.toTodo}</Link>
            </div>
          }
        />
      )}
      <Card variant="borderless" className="bill-detail__card">
        <BillSummary bill={data} />
        {data.my_task?.on_behalf_of && (
          <Alert
            type="warning"
            showIcon
            className="bill-detail__behalf"
            title={BillPageMessages.onBehalfOfTask(data.my_task.on_behalf_of)}
          />
        )}
        <div className="bill-detail__actions">
          <ActionBar bill={data} onOperate={setOperType} />
          {!hasActions && data.status === 'doing' && <span className="bill-detail__no-actions">{BillPageMessages.noActions}</span>}
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {data.abilities.change && <ChangeFormCard key={data.version} bill={data} />}
          {/* 访问记录 is a tab beside the form for those the server lets read it (abilities.view_access_log). */}
          <Card
            variant="borderless"
            className="bill-detail__card bill-detail__form"
            {...(data.abilities.view_access_log
              ? {
                  tabList: [
                    { key: 'form', label: BillAccessLogTexts.formTab },
                    { key: 'access', label: BillAccessLogTexts.tab },
                  ],
                  activeTabKey: tab,
                  onTabChange: (key: string) => setTab(key === 'access' ? 'access' : 'form'),
                }
              : { title: BillAccessLogTexts.formTab })}
          >
            {data.abilities.view_access_log && tab === 'access' ? (
              <AccessLogTab billId={data.id} />
            ) : (
              <BillFormView
                schema={data.form_schema}
                values={data.form}
                items={data.items}
                totals={data.totals}
                attachments={data.attachments}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          {data.status !== 'draft' && (
            <Card title="审批流程" variant="borderless" className="bill-detail__card bill-detail__flow">
              {flow.data && <FlowNodeList nodes={flow.data.flowNodes} onOpenNode={setOpenNode} />}
              {flow.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
            </Card>
          )}
          {data.status !== 'draft' && <RelatedBillsCard billId={data.id} />}
          <Card title={BillPageMessages.printRecord} variant="borderless" className="bill-detail__card">
            {history.data ? <HistoryTimeline entries={history.data} /> : <Skeleton active paragraph={{ rows: 4 }} />}
          </Card>
        </Col>
      </Row>
      <OperateDialog bill={data} operType={operType} onClose={() => setOperType(null)} />
      <NodeDialog node={openNode} onClose={() => setOpenNode(null)} />
    </div>
  );
}

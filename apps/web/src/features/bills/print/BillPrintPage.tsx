import { PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ApprovalMessages, BILL_ACTION_LABELS, BillPageMessages, SYSTEM_NAME } from '@osp/shared';
import { useDeptTree } from '../../../api/directory';
import { useBill, useBillHistory } from '../../../api/bills';
import { usePrivateSettings } from '../../../api/settings';
import { PageLoading } from '../../../components/PageLoading';
import { companyNow, formatDateTime } from '../../../utils/datetime';
import { detailPath, idParam, placeOf } from '../detail/flow-display';
import { BillFormView } from '../../../components/bill-form';
import { FieldChanges } from '../detail/FieldChanges';
import './print.css';

/**
 * SPEC §2 /print?from&billID&templateID: the bill on an A4 page, outside the main layout: company and
 * system name, the bill's facts, its form and the approval record. The 打印 button is not printed.
 */
export default function BillPrintPage() {
  const [params] = useSearchParams();
  const billId = idParam(params.get('billID'));
  const bill = useBill(billId);
  const history = useBillHistory(billId);
  const settings = usePrivateSettings();
  const depts = useDeptTree();

  if (billId === undefined) return <Result status="404" title={ApprovalMessages.billNotFound} />;
  if (bill.isError) return <Result status="warning" title={bill.error.message} />;
  if (!bill.data) return <PageLoading isFullScreen />;

  const data = bill.data;
  const company = depts.data?.[0]?.name;
  const systemName = settings?.system_name || SYSTEM_NAME;
  const facts = [
    { label: '单据编号', value: String(data.billID) },
    { label: '审批类型', value: data.template.name },
    { label: '状态', value: data.status_text },
    { label: '发起人', value: data.initiator.name },
    { label: '所在部门', value: data.initiator.dept_name ?? '—' },
    { label: '创建时间', value: formatDateTime(data.created_at) },
    { label: '提交时间', value: formatDateTime(data.released_at) || '—' },
    { label: '完成时间', value: formatDateTime(data.finished_at) || '—' },
  ];

  return (
    <div className="bill-print">
      <div className="bill-print__toolbar">
        <Link to={detailPath(data, 'print', 'print')}>返回单据</Link>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {BILL_ACTION_LABELS.print}
        </Button>
      </div>
      <article className="bill-print__sheet">
        <header className="bill-print__header">
          <div className="bill-print__org">{company ? `${company} · ${systemName}` : systemName}</div>
          <h1 className="bill-print__title">{data.title}</h1>
          <div className="bill-print__subtitle">{data.template.name}审批单</div>
        </header>
        <table className="bill-print__facts">
          <tbody>
            {Array.from({ length: Math.ceil(facts.length / 2) }, (_, row) => (
              <tr key={row}>
                {facts.slice(row * 2, row * 2 + 2).map((fact) => (
                  <td key={fact.label}>
                    <span className="bill-print__label">{fact.label}</span>
                    {fact.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <section className="bill-print__section">
          <h2>表单内容</h2>
          <BillFormView
            schema={data.form_schema}
            values={data.form}
            items={data.items}
            totals={data.totals}
            attachments={data.attachments}
          />
        </section>
        <section className="bill-print__section">
          <h2>{BillPageMessages.printRecord}</h2>
          {history.data ? (
            <table className="bill-print__record">
              <thead>
                <tr>
                  <th>序号</th>
                  <th>节点</th>
                  <th>处理人</th>
                  <th>操作</th>
                  <th>意见</th>
                  <th>时间</th>
                </tr>
              </thead>
              <tbody>
                {history.data.map((entry, index) => (
                  <tr key={entry.seq}>
                    <td>{index + 1}</td>
                    <td>{placeOf(entry) || '—'}</td>
                    <td className="bill-print__nowrap">
                      {entry.actor_name ?? '系统'}
                      {entry.on_behalf_of ? `（${entry.on_behalf_of}）` : ''}
                    </td>
                    <td className="bill-print__nowrap">{entry.to_user ? `${entry.action_text} → ${entry.to_user}` : entry.action_text}</td>
                    <td className="bill-print__comment">
                      <FieldChanges changes={entry.changes} />
                      {entry.comment ?? ''}
                    </td>
                    <td className="bill-print__nowrap">{formatDateTime(entry.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} />
          )}
        </section>
        <footer className="bill-print__footer">{BillPageMessages.printedAt(companyNow().format('YYYY-MM-DD HH:mm'))}</footer>
      </article>
    </div>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { BillEditTexts } from '@osp/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBill } from '../../../api/bills';
import { useTemplateDetail } from '../../../api/bills-edit';
import { detailPath, idParam } from '../detail/flow-display';
import { BillFormView, defaultFormValues } from '../../../components/bill-form';
import { BillEditor, type SavedBill } from './BillEditor';
import { chosenStepsOf, editPath } from './edit-path';
import './edit.css';

const START_PATH = '/office/approval';

function PageHeader({ title, description }: { title: string; description?: string }) {
  const navigate = useNavigate();
  return (
    <div className="bill-edit__header">
      <Button type="text" data-leave icon={<ArrowLeftOutlined />} aria-label={BillEditTexts.back} onClick={() => void navigate(-1)} />
      <div>
        <h2 className="bill-edit__title">{title}</h2>
        {description && <p className="bill-edit__muted">{description}</p>}
      </div>
    </div>
  );
}

/** A new bill from a template (?templateID=…). */
function NewBill({ templateId, isIptv, onCreated }: { templateId: number; isIptv: boolean; onCreated: (saved: SavedBill) => void }) {
  const template = useTemplateDetail(templateId, isIptv);
  if (template.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!template.data)
    return <Result status="warning" title={template.error?.message} extra={<Link to={START_PATH}>{BillEditTexts.toStart}</Link>} />;
  const detail = template.data;
  return (
    <>
      <PageHeader title={BillEditTexts.newTitle(detail.name)} description={detail.description} />
      <BillEditor
        templateId={detail.id}
        schema={detail.form_schema}
        chosenSteps={chosenStepsOf(detail)}
        initialValues={defaultFormValues(detail.form_schema)}
        onCreated={onCreated}
      />
    </>
  );
}

/** A draft, rejected or withdrawn bill (?billID=…); other bills are shown read only. */
function ExistingBill({ billId }: { billId: number }) {
  const bill = useBill(billId);
  if (bill.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!bill.data)
    return <Result status="warning" title={bill.error?.message} extra={<Link to={START_PATH}>{BillEditTexts.toStart}</Link>} />;
  const data = bill.data;
  if (!data.abilities.edit) {
    return (
      <>
        <PageHeader title={data.title} description={data.template.name} />
        <Alert
          className="bill-edit__hint"
          type="info"
          showIcon
          title={BillEditTexts.notEditable}
          action={<Link to={detailPath({ id: data.id, status: data.status }, 'mine', 'edit')}>{data.status_text}</Link>}
        />
        <Card className="bill-edit__card">
          <BillFormView
            schema={data.form_schema}
            values={data.form}
            items={data.items}
            totals={data.totals}
            attachments={data.attachments}
          />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title={BillEditTexts.editTitle(data.template.name)} description={data.title} />
      <BillEditor
        templateId={data.template.id}
        schema={data.form_schema}
        chosenSteps={data.chosen_steps}
        bill={data}
        initialValues={data.form}
        initialItems={data.items}
        onCreated={() => undefined}
      />
    </>
  );
}

/**
 * SPEC §2 /office/approval/edit?billID&templateID: writes a new bill from a template, or edits a draft,
 * rejected or withdrawn one, then saves it as a draft or submits it.
 */
export default function EditBillPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const billId = idParam(params.get('billID'));
  const templateId = idParam(params.get('templateID'));
  const isIptv = params.get('iptv') === '1';
  // A new bill's first save puts its id into the address; the open form stays as it is.
  const [created, setCreated] = useState<{ billId: number; templateId: number } | null>(null);
  const isOwnNewBill = created !== null && created.billId === billId && created.templateId === templateId;

  const handleCreated = (saved: SavedBill) => {
    if (templateId === undefined) return;
    setCreated({ billId: saved.id, templateId });
    void navigate(editPath({ templateId, billId: saved.id, isIptv }), { replace: true });
  };

  let content;
  if (billId !== undefined && !isOwnNewBill) content = <ExistingBill key={billId} billId={billId} />;
  else if (templateId !== undefined)
    content = <NewBill key={templateId} templateId={templateId} isIptv={isIptv} onCreated={handleCreated} />;
  else
    content = (
      <Result status="warning" title={BillEditTexts.missingTemplate} extra={<Link to={START_PATH}>{BillEditTexts.toStart}</Link>} />
    );
  return <div className="bill-edit-page">{content}</div>;
}

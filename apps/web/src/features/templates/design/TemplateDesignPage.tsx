import { App, Badge, Form, Result, Skeleton, Tabs } from 'antd';
import { ApprovalMessages, TemplateDesignTexts, type FlowGraph, type FormSchema, type TemplateDetail } from '@osp/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { draftOf, inputOf, useAdminTemplate, useSaveTemplate, type TemplateDraft } from '../../../api/templates';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { checkFlow, FlowDesigner } from '../flow-designer';
import { checkFormSchema, FormDesigner } from '../form-designer';
import { BasicSettings, type BasicValues } from './BasicSettings';
import { DesignHeader } from './DesignHeader';
import { idParam, TEMPLATE_ADMIN_PATH } from './design-path';
import { isSameDraft } from './draft';
import { DraftCopyOffer } from './DraftCopyOffer';
import { errorCount, firstTabWithErrors, NO_ERRORS, routeErrors, type DesignTab, type RoutedErrors } from './error-routing';
import { useDraftCopy } from './useDraftCopy';
import './design.css';

const TAB_LABELS: Record<DesignTab, string> = {
  basic: TemplateDesignTexts.basicTab,
  form: TemplateDesignTexts.formTab,
  flow: TemplateDesignTexts.flowTab,
};

function basicOf(draft: TemplateDraft): BasicValues {
  return {
    name: draft.name,
    group_id: draft.group_id,
    icon: draft.icon,
    description: draft.description,
    status: draft.status,
    starters: draft.starters,
    subject_kind: draft.subject_kind,
  };
}

/**
 * The designer of one template: 基础设置, 表单设计 and 流程设计 edit one working copy, which 保存 stores
 * (publish: false) and 发布 makes the version new bills use. `detail` is the template as last read;
 * the working copy is taken from it once, so a refetch never overwrites what is being edited.
 */
function TemplateDesigner({ detail }: { detail: TemplateDetail }) {
  const { modal } = App.useApp();
  const [basicForm] = Form.useForm<BasicValues>();
  const save = useSaveTemplate();
  const [initial] = useState(() => draftOf(detail));
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState<'save' | 'publish' | null>(null);
  const [errors, setErrors] = useState<RoutedErrors>(NO_ERRORS);
  const [tab, setTab] = useState<DesignTab>('basic');
  const isIptv = detail.is_iptv === 1;
  const isDirty = useMemo(() => !isSameDraft(draft, saved), [draft, saved]);
  useLeaveGuard(isDirty, '.template-design');

  const draftCopy = useDraftCopy(detail, initial, draft, saved);
  const restoreCopy = () => {
    const copy = draftCopy.take();
    if (!copy) return;
    setDraft(copy.draft);
    // 基础设置 is a form of its own that read the loaded values once.
    basicForm.setFieldsValue(basicOf(copy.draft));
    setErrors(NO_ERRORS);
    toast.success(TemplateDesignTexts.localCopyRestored);
  };

  /** The checks a save would fail, run here first so that their faults show without a round trip. */
  const isReady = async (): Promise<boolean> => {
    try {
      await basicForm.validateFields();
    } catch {
      setTab('basic');
      return false;
    }
    // The server's own checks of the form and of the flow.
    const local = routeErrors({
      ...checkFormSchema(draft.form_schema),
      ...(draft.flow ? checkFlow(draft.flow, draft.form_schema) : {}),
    });
    const faultyTab = firstTabWithErrors(local);
    if (!faultyTab) return true;
    setErrors(local);
    setTab(faultyTab);
    toast.error(TemplateDesignTexts.errorsIn(TAB_LABELS[faultyTab], errorCount(local, faultyTab)));
    return false;
  };

  const send = async (publish: boolean) => {
    const sent = draft;
    setSaving(publish ? 'publish' : 'save');
    try {
      const stored = await save.mutateAsync({ id: detail.id, isIptv, input: inputOf(sent, publish) });
      setSaved(sent);
      draftCopy.saved(stored.updated_at);
      setErrors(NO_ERRORS);
      toast.success(publish ? ApprovalMessages.templatePublished : ApprovalMessages.draftSaved);
    } catch (error) {
      // The client has shown the refusal; a 422 also puts each message where it belongs.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors) {
        const routed = routeErrors(fieldErrors);
        setErrors(routed);
        // The paths are BASIC_FIELDS, all fields of this form; antd types names by the form's own keys.
        basicForm.setFields(routed.basic as Parameters<typeof basicForm.setFields>[0]);
        setTab(firstTabWithErrors(routed) ?? tab);
      }
    } finally {
      setSaving(null);
    }
  };

  const handleSave = async () => {
    if (await isReady()) await send(false);
  };

  const handlePublish = async () => {
    // A template whose 流程设计 was never opened has no flow: the server would save it and publish nothing.
    if (draft.flow === null) {
      setTab('flow');
      toast.error(ApprovalMessages.publishNoFlow);
      return;
    }
    if (!(await isReady())) return;
    modal.confirm({
      title: TemplateDesignTexts.publishTitle,
      content: (
        <>
          <p>{TemplateDesignTexts.publishContent}</p>
          {draft.status !== 1 && <p>{TemplateDesignTexts.publishDisabledNotice}</p>}
        </>
      ),
      okText: TemplateDesignTexts.publish,
      // Resolves once the call has ended (refusals included), so the dialog shows its spinner till then.
      onOk: () => send(true),
    });
  };

  const tabLabel = (key: DesignTab) => {
    const count = errorCount(errors, key);
    return (
      <span>
        {TAB_LABELS[key]}
        {count > 0 && (
          <Badge
            count={count}
            size="small"
            className="template-design__tab-badge"
            title={TemplateDesignTexts.errorsIn(TAB_LABELS[key], count)}
          />
        )}
      </span>
    );
  };

  const panes: Record<DesignTab, ReactNode> = {
    basic: (
      <BasicSettings
        form={basicForm}
        initialValues={basicOf(initial)}
        isIptv={isIptv}
        generalErrors={errors.general}
        onChange={(values) => setDraft((current) => ({ ...current, ...values }))}
      />
    ),
    form: (
      <FormDesigner
        value={draft.form_schema}
        onChange={(form_schema: FormSchema) => setDraft((current) => ({ ...current, form_schema }))}
        errors={errors.form}
      />
    ),
    flow: (
      <FlowDesigner
        value={draft.flow}
        onChange={(flow: FlowGraph) => setDraft((current) => ({ ...current, flow }))}
        schema={draft.form_schema}
        errors={errors.flow}
      />
    ),
  };

  return (
    <div className="template-design">
      <DesignHeader
        name={draft.name.trim() || detail.name}
        facts={detail}
        isDirty={isDirty}
        saving={saving}
        onSave={() => void handleSave()}
        onPublish={() => void handlePublish()}
      />
      {draftCopy.offered && (
        <DraftCopyOffer
          copy={draftCopy.offered}
          currentVersionKey={detail.updated_at}
          onRestore={restoreCopy}
          onDiscard={draftCopy.discard}
        />
      )}
      <Tabs
        className="template-design__tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as DesignTab)}
        // 基础设置 is rendered from the start: its form is validated before every save.
        items={(['basic', 'form', 'flow'] as const).map((key) => ({
          key,
          label: tabLabel(key),
          children: panes[key],
          forceRender: key === 'basic',
        }))}
      />
    </div>
  );
}

/** /office/templates/design?templateID=<id>[&iptv=1], opened from 模板管理 (a fixed route outside the menu). */
export default function TemplateDesignPage() {
  const [params] = useSearchParams();
  const templateId = idParam(params.get('templateID'));
  const isIptv = params.get('iptv') === '1';
  const template = useAdminTemplate(templateId, isIptv);

  let content: ReactNode;
  if (templateId === undefined)
    content = (
      <Result
        status="warning"
        title={TemplateDesignTexts.missingTemplate}
        extra={<Link to={TEMPLATE_ADMIN_PATH}>{TemplateDesignTexts.toAdmin}</Link>}
      />
    );
  else if (template.isPending) content = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (!template.data)
    content = (
      <Result
        status="warning"
        title={template.error?.message}
        extra={<Link to={TEMPLATE_ADMIN_PATH}>{TemplateDesignTexts.toAdmin}</Link>}
      />
    );
  else content = <TemplateDesigner key={`${isIptv ? 'iptv' : 'normal'}:${templateId}`} detail={template.data} />;
  return <div className="template-design-page">{content}</div>;
}

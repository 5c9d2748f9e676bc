import { Alert, Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import {
  ApprovalMessages,
  BILL_TITLE_MAX,
  BillEditTexts,
  validateBillForm,
  type BillDetail,
  type BillStatus,
  type FieldErrors,
  type FormSchema,
} from '@osp/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateBill, useReleaseBill, useUpdateBill, type BillForm } from '../../../api/bills-edit';
import { ApiError } from '../../../api/client';
import { useProfile } from '../../../api/user';
import {
  BillFormFields,
  toEditorValues,
  toFieldErrors,
  toPayload,
  type EditorValues,
  type FormItems,
  type FormValues,
} from '../../../components/bill-form';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { PersonPicker } from '../../../components/pickers';
import { dropLocalCopy, isNewerThanSaved, writeLocalCopy } from '../../../components/local-copy';
import { useDeferredWrite } from '../../../components/deferred-write';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { formatDateTime } from '../../../utils/datetime';
import { detailPath } from '../detail/flow-display';
import { billCopyKey, readBillCopy, type BillCopy } from './bill-copy';
import { BillPathCard } from './BillPathCard';
import { stepOfMessage, type ChosenStep } from './edit-path';

export interface SavedBill {
  id: number;
  version: number;
  status: BillStatus;
}

interface BillEditorProps {
  templateId: number;
  schema: FormSchema;
  chosenSteps: ChosenStep[];
  /** The bill being edited; absent for a new one until its first save. */
  bill?: BillDetail;
  initialValues?: FormValues;
  initialItems?: FormItems;
  /** A new bill's first save: the page puts its id into the address (a reload finds the draft). */
  onCreated: (saved: SavedBill) => void;
}

interface Values {
  title?: string;
  form: EditorValues;
  chosen: Record<string, number[] | undefined>;
}

/**
 * Where a refused field is brought into view. `always`: antd scrolls only "if needed", and a field near the
 * bottom of the screen counts as visible although the sticky 保存草稿/提交 bar covers its message.
 */
const FIELD_SCROLL = { behavior: 'smooth', block: 'center', scrollMode: 'always' } as const;

function newClientKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The form of a bill being written: the template's fields, the approvers the flow leaves to the
 * initiator, 保存草稿 and 提交 (重新提交 for a rejected or withdrawn bill). Every error — the shared
 * check run here first, or the server's 422 — lands at its field; the form keeps what was typed.
 */
export function BillEditor({ templateId, schema, chosenSteps, bill, initialValues, initialItems, onCreated }: BillEditorProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateBill();
  const update = useUpdateBill();
  const release = useReleaseBill();
  const [saved, setSaved] = useState<SavedBill | null>(bill ? { id: bill.id, version: bill.version, status: bill.status } : null);
  const [isDirty, setIsDirty] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  // One key per opened page: a repeated first save returns the same draft (DESIGN §5a).
  const clientKey = useRef(newClientKey());
  const isResubmit = saved?.status === 'rejected' || saved?.status === 'returned';
  useLeaveGuard(isDirty, '.bill-edit-page');

  // What was typed and not saved yet survives the browser's back button, a reload or a crash.
  const { data: profile } = useProfile();
  // 发起人自选 never offers the initiator: the server refuses choosing oneself (发起人不能审批自己的单据).
  const initiatorId = bill?.initiator.id ?? profile?.id ?? null;
  const initiatorName = bill?.initiator.name ?? profile?.name ?? '';
  const savedId = saved?.id;
  const pathSubject = useMemo(() => (savedId === undefined ? { template_id: templateId } : { bill_id: savedId }), [savedId, templateId]);
  // The 审批流程 card offers the 发起人自选 pickers on the path; until it shows a path, the list below does.
  const [pathShowsChoosers, setPathShowsChoosers] = useState(false);
  const onChoosersShown = useCallback((shown: boolean) => setPathShowsChoosers(shown), []);
  const copyKey = profile ? billCopyKey(profile.id, templateId, saved?.id) : null;
  const [offeredCopy, setOfferedCopy] = useState<BillCopy | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  if (copyKey !== null && checkedKey !== copyKey) {
    // Once per key (state derived from the key): the copy left by an earlier visit, if newer than the bill.
    setCheckedKey(copyKey);
    const copy = readBillCopy(sessionStorage, copyKey);
    setOfferedCopy(copy && isNewerThanSaved(copy, bill?.updated_at) ? copy : null);
  }
  const copyWrite = useDeferredWrite(300);
  const keepLocalCopy = () => {
    if (copyKey === null) return;
    copyWrite.schedule(() => {
      const values = form.getFieldsValue(true) as Values;
      writeLocalCopy<BillCopy>(sessionStorage, copyKey, {
        savedAt: new Date().toISOString(),
        title: values.title,
        form: toPayload(schema, values.form),
        chosen: values.chosen,
      });
    });
  };
  const forgetLocalCopies = (...keys: (string | null)[]) => {
    copyWrite.cancel();
    for (const key of keys) if (key !== null) dropLocalCopy(sessionStorage, key);
  };
  const restoreLocalCopy = (copy: BillCopy) => {
    form.setFieldsValue({
      title: copy.title,
      form: toEditorValues(schema, copy.form as FormValues),
      chosen: (copy.chosen ?? {}) as Values['chosen'],
    });
    setOfferedCopy(null);
    setIsDirty(true);
    toast.success(BillEditTexts.localCopyRestored);
  };

  const [initial] = useState<Values>(() => ({
    title: bill?.title,
    form: toEditorValues(schema, initialValues ?? {}, initialItems),
    chosen: Object.fromEntries(chosenSteps.map((step) => [step.stepId, bill?.chosen_handlers[step.stepId]])),
  }));

  const showErrors = (errors: FieldErrors) => {
    const fields = toFieldErrors(errors).flatMap((field) => {
      if (field.name[0] !== 'chosen_handlers') return [field];
      const step = stepOfMessage(chosenSteps, field.errors[0] ?? '');
      return step ? [{ name: ['chosen', step.stepId], errors: field.errors }] : [];
    });
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
    const first = fields[0];
    if (first) form.scrollToField(first.name, FIELD_SCROLL);
  };

  /** The shared check in draft or submit mode; false (errors shown) when the form is not ready. */
  const check = (payload: BillForm, mode: 'draft' | 'submit'): boolean => {
    const result = validateBillForm(schema, payload, mode);
    if (result.ok) return true;
    showErrors(result.errors);
    toast.error(BillEditTexts.checkFields(Object.keys(result.errors).length));
    return false;
  };

  const showServerErrors = (error: unknown) => {
    // The API client has toasted the message; a 422 also lists every field.
    const errors = error instanceof ApiError ? error.fieldErrors : undefined;
    if (errors) showErrors(errors);
  };

  /** Creates the draft on the first save, else saves the form onto it; `message` is the server's. */
  const saveDraft = async (values: Values, payload: BillForm): Promise<{ next: SavedBill; message: string }> => {
    const title = values.title?.trim() || undefined;
    const { data: result, message } = saved
      ? await update.mutateAsync({ id: saved.id, title, form: payload, version: saved.version })
      : await create.mutateAsync({ template_id: templateId, title, form: payload, client_key: clientKey.current });
    const next = { id: result.id, version: result.version, status: result.status };
    setSaved(next);
    if (!saved) onCreated(next);
    return { next, message };
  };

  const handleSave = async () => {
    const values = form.getFieldsValue(true) as Values;
    const payload = toPayload(schema, values.form);
    if (!check(payload, 'draft')) return;
    setIsBusy(true);
    try {
      const { next, message } = await saveDraft(values, payload);
      setIsDirty(false);
      forgetLocalCopies(copyKey, profile ? billCopyKey(profile.id, templateId, next.id) : null);
      toast.success(message || ApprovalMessages.saved);
    } catch (error) {
      showServerErrors(error);
    } finally {
      setIsBusy(false);
    }
  };

  const handleSubmit = async () => {
    try {
      await form.validateFields();
    } catch {
      toast.error(BillEditTexts.checkFields(form.getFieldsError().filter((f) => f.errors.length > 0).length));
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    const payload = toPayload(schema, values.form);
    if (!check(payload, 'submit')) return;
    const chosen = Object.fromEntries(
      Object.entries(values.chosen ?? {}).filter((entry): entry is [string, number[]] => Array.isArray(entry[1]) && entry[1].length > 0),
    );
    setIsBusy(true);
    try {
      // A new bill becomes a draft first (client_key makes a repeated click return the same one).
      const target = saved ?? (await saveDraft(values, payload)).next;
      const { data: result, message } = await release.mutateAsync({
        id: target.id,
        title: values.title?.trim() || undefined,
        form: payload,
        version: target.version,
        ...(chosenSteps.length > 0 ? { chosen_handlers: chosen } : {}),
      });
      setIsDirty(false);
      forgetLocalCopies(copyKey, profile ? billCopyKey(profile.id, templateId, target.id) : null);
      toast.success(message || (result.resubmitted ? ApprovalMessages.resubmitted : ApprovalMessages.released));
      void navigate(detailPath({ id: result.id, status: result.status }, 'mine', 'edit'), { replace: true });
    } catch (error) {
      showServerErrors(error);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="bill-edit"
      className="bill-edit__form"
      initialValues={initial}
      onValuesChange={(changed: Partial<Values>) => {
        // The form's fields re-run their rules on change, which clears a server refusal; the title and the
        // approver pickers have no client rules, so their refusal would stay after the user fixed it.
        const ruleless: Parameters<typeof form.setFields>[0] = [
          ...('title' in changed ? [{ name: ['title'] as ['title'], errors: [] }] : []),
          ...Object.keys(changed.chosen ?? {}).map((stepId) => ({ name: ['chosen', stepId] as ['chosen', string], errors: [] })),
        ];
        if (ruleless.length > 0) form.setFields(ruleless);
        setIsDirty(true);
        keepLocalCopy();
      }}
      scrollToFirstError={FIELD_SCROLL}
    >
      {offeredCopy && (
        <Alert
          className="bill-edit__hint"
          type="info"
          showIcon
          title={BillEditTexts.localCopyFound(formatDateTime(offeredCopy.savedAt))}
          action={
            <Flex gap={8}>
              <Button size="small" type="primary" onClick={() => restoreLocalCopy(offeredCopy)}>
                {BillEditTexts.localCopyRestore}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  forgetLocalCopies(copyKey);
                  setOfferedCopy(null);
                }}
              >
                {BillEditTexts.localCopyDiscard}
              </Button>
            </Flex>
          }
        />
      )}
      {isResubmit && <Alert className="bill-edit__hint" type="warning" showIcon title={BillEditTexts.resubmitHint} />}
      {/* On a wide screen the path stands beside the form, in view while it is filled; on a narrow one it follows it. */}
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card className="bill-edit__card" title={BillEditTexts.formSection}>
            <Form.Item name="title" label={BillEditTexts.titleLabel}>
              <Input maxLength={BILL_TITLE_MAX} placeholder={BillEditTexts.titlePlaceholder} autoComplete="off" />
            </Form.Item>
            <BillFormFields schema={schema} attachments={bill?.attachments} />
          </Card>
          {chosenSteps.length > 0 && !pathShowsChoosers && (
            <Card className="bill-edit__card" title={BillEditTexts.approversSection}>
              <p className="bill-edit__muted">{BillEditTexts.approversHint}</p>
              {chosenSteps.map((step) => (
                <Form.Item
                  key={step.stepId}
                  name={['chosen', step.stepId]}
                  label={BillEditTexts.chooseApprovers(step.stepName, step.nodeName)}
                >
                  <PersonPicker multiple allowClear filter={(person) => person.id !== initiatorId} />
                </Form.Item>
              ))}
            </Card>
          )}
        </Col>
        <Col xs={24} lg={9} className="bill-edit__side">
          <BillPathCard
            schema={schema}
            subject={pathSubject}
            chosenSteps={chosenSteps}
            initiatorId={initiatorId}
            initiatorName={initiatorName}
            onChoosersShown={onChoosersShown}
          />
        </Col>
      </Row>
      <Flex className="bill-edit__actions" gap={8} justify="flex-end" wrap>
        <ButtonGuarded onClick={() => void handleSave()} loading={isBusy && !release.isPending} disabled={isBusy}>
          {BillEditTexts.saveDraft}
        </ButtonGuarded>
        <ButtonGuarded type="primary" onClick={() => void handleSubmit()} loading={release.isPending} disabled={isBusy}>
          {isResubmit ? BillEditTexts.resubmit : BillEditTexts.submit}
        </ButtonGuarded>
      </Flex>
    </Form>
  );
}

import { Alert, Card, Form, Space, Tag, Timeline, Tooltip } from 'antd';
import {
  BillEditTexts,
  FLOW_NODE_TYPE_LABELS,
  type BillPathHandler,
  type BillPathPreview,
  type BillPathPreviewInput,
  type BillPathStep,
  type FormSchema,
} from '@osp/shared';
import { useEffect, useMemo, useState } from 'react';
import { useBillPath } from '../../../api/bills-edit';
import { toPayload, type EditorValues } from '../../../components/bill-form';
import { PersonPicker } from '../../../components/pickers';
import type { ChosenStep } from './edit-path';
import './bill-path.css';

/** How long typing must rest before the server is asked (an amount typed digit by digit asks once). */
const ASK_DELAY_MS = 400;

interface BillPathCardProps {
  schema: FormSchema;
  /** A new bill's template, or the saved bill (its pinned version; a resumed resubmit starts where it came back). */
  subject: { template_id: number } | { bill_id: number };
  chosenSteps: readonly ChosenStep[];
  initiatorId: number | null;
  initiatorName: string;
}

interface WatchedValues {
  form?: EditorValues;
  chosen?: Record<string, number[] | undefined>;
}

function picked(chosen: WatchedValues['chosen']): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(chosen ?? {}).filter((entry): entry is [string, number[]] => Array.isArray(entry[1]) && entry[1].length > 0),
  );
}

/** The form's current values as the preview asks for them, once typing has rested. */
function useRestingInput(schema: FormSchema, subject: BillPathCardProps['subject']): BillPathPreviewInput | null {
  const values = Form.useWatch<WatchedValues | undefined>([], { preserve: true });
  const current = useMemo(
    () =>
      values ? JSON.stringify({ ...subject, form: toPayload(schema, values.form ?? {}), chosen_handlers: picked(values.chosen) }) : null,
    [values, schema, subject],
  );
  const [resting, setResting] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setResting(current), resting === null ? 0 : ASK_DELAY_MS);
    return () => clearTimeout(timer);
    // `resting` only decides the first delay; asking again when it changes would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  return useMemo(() => (resting === null ? null : (JSON.parse(resting) as BillPathPreviewInput)), [resting]);
}

function HandlerName({ handler }: { handler: BillPathHandler }) {
  // One person asked once (审批人去重): at a later step, what the flow's setting will do for them instead of the name.
  if (handler.auto_agree !== null) {
    const isConsecutive = handler.auto_agree === 'consecutive';
    return (
      <Tooltip title={isConsecutive ? BillEditTexts.pathAutoAgreeHint(handler.name) : BillEditTexts.pathAgreedEarlierHint(handler.name)}>
        <span className="bill-path__handler bill-path__muted">
          <Tag className="bill-path__tag" color="green">
            {BillEditTexts.pathAutoAgree}
          </Tag>
          {isConsecutive ? BillEditTexts.pathSameAsBefore : BillEditTexts.pathAgreedEarlier}
        </span>
      </Tooltip>
    );
  }
  return (
    <span className="bill-path__handler">
      {handler.name}
      {handler.on_behalf_of && <span className="bill-path__muted">（{BillEditTexts.pathOnBehalfOf(handler.on_behalf_of.name)}）</span>}
    </span>
  );
}

function StepLine({
  step,
  showName,
  chosen,
  initiatorId,
}: {
  step: BillPathStep;
  showName: boolean;
  chosen: ChosenStep | undefined;
  initiatorId: number | null;
}) {
  const note =
    step.note === 'skip' ? BillEditTexts.pathSkip : step.note === 'initiator_skipped' ? BillEditTexts.pathInitiatorSkipped : null;
  return (
    <div className="bill-path__step" data-step={step.id}>
      <Space size={4} wrap>
        {showName && !chosen && <span className="bill-path__step-name">{step.name}</span>}
        {step.approvalModeLabel !== '' && step.handlers.length > 1 && <Tag className="bill-path__tag">{step.approvalModeLabel}</Tag>}
        {!chosen && step.handlers.map((h, i) => <HandlerName key={`${h.id}-${i}`} handler={h} />)}
        {note && <span className="bill-path__muted">{note}</span>}
      </Space>
      {chosen && (
        // 发起人自选, chosen right here on the path; the same form field the submit sends and the server's refusal marks.
        <Form.Item
          name={['chosen', chosen.stepId]}
          className="bill-path__pick"
          label={BillEditTexts.chooseApprovers(chosen.stepName, chosen.nodeName)}
          rules={[]}
        >
          <PersonPicker multiple allowClear filter={(person) => person.id !== initiatorId} />
        </Form.Item>
      )}
    </div>
  );
}

/**
 * The 审批流程 card of the bill form: who will approve, before 提交 (POST /api/bills/path-preview), following the
 * form as it is typed — a condition crossed moves the path — with 发起人自选 steps picked in place. The picks of
 * steps the path does not pass stay in the form (the server ignores them), so going back and forth loses nothing.
 * `onChoosersShown`: whether the path shows the pickers, so the form shows its own list of them when it does not.
 */
export function BillPathCard({
  schema,
  subject,
  chosenSteps,
  initiatorId,
  initiatorName,
  onChoosersShown,
}: BillPathCardProps & { onChoosersShown: (shown: boolean) => void }) {
  const input = useRestingInput(schema, subject);
  const path = useBillPath(input);
  // The last answer for the form as it was stays shown while the next is asked, and after a refusal.
  const answered = path.data !== undefined && !path.isPlaceholderData ? path.data : undefined;
  const [preview, setPreview] = useState<BillPathPreview | undefined>(undefined);
  if (answered !== undefined && answered !== preview) setPreview(answered);
  const isStale = path.isError || path.isPlaceholderData;
  const showsChoosers = preview !== undefined && preview.ok;
  useEffect(() => onChoosersShown(showsChoosers), [showsChoosers, onChoosersShown]);

  const items = (preview?.nodes ?? []).flatMap((node) => {
    if (node.type === 'start')
      return [
        { key: node.id, color: 'blue', content: <div className="bill-path__node">{BillEditTexts.pathInitiator(initiatorName)}</div> },
      ];
    if (node.type === 'end')
      return [{ key: node.id, color: 'gray', content: <div className="bill-path__node">{BillEditTexts.pathEnd}</div> }];
    return [
      {
        key: node.id,
        color: node.type === 'archive' ? 'purple' : 'blue',
        content: (
          <div className="bill-path__node" data-node={node.name}>
            <div className="bill-path__node-name">
              {node.name}
              {node.type !== 'approve' && <Tag className="bill-path__tag">{FLOW_NODE_TYPE_LABELS[node.type]}</Tag>}
            </div>
            {node.steps.map((step) => (
              <StepLine
                key={step.id}
                step={step}
                showName={node.steps.length > 1 || step.name !== node.name}
                chosen={chosenSteps.find((c) => c.stepId === step.id)}
                initiatorId={initiatorId}
              />
            ))}
          </div>
        ),
      },
    ];
  });

  return (
    <Card className="bill-edit__card bill-path" title={BillEditTexts.pathSection} aria-busy={path.isFetching}>
      <p className="bill-edit__muted">{path.isFetching && !preview ? BillEditTexts.pathAsking : BillEditTexts.pathHint}</p>
      {path.isError && (
        <Alert className="bill-path__alert" type="warning" showIcon title={preview ? BillEditTexts.pathStale : BillEditTexts.pathFailed} />
      )}
      {preview && !preview.ok && <Alert className="bill-path__alert" type="error" showIcon title={preview.message} />}
      {items.length > 0 && (
        <Timeline className={isStale ? 'bill-path__timeline bill-path__timeline--stale' : 'bill-path__timeline'} items={items} />
      )}
    </Card>
  );
}

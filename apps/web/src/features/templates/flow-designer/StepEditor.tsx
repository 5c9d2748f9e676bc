import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Form, Input, Select, Typography } from 'antd';
import { FlowDesignerTexts as T, STEP_TYPE_HINTS, STEP_TYPE_LABELS, STEP_TYPES, type HandlerSource, type StepDef } from '@osp/shared';
import { JobPicker, UserIdPicker } from './pickers';
import type { DesignerDirectory } from './useDesignerNames';

type SourceKind = HandlerSource['kind'];

const SOURCE_OPTIONS: { value: SourceKind; label: string }[] = [
  { value: 'leader', label: T.sourceLeader },
  { value: 'users', label: T.sourceUsers },
  { value: 'job', label: T.sourceJob },
  { value: 'chosen', label: T.sourceChosen },
  { value: 'initiator', label: T.sourceInitiator },
];

const LEVEL_OPTIONS = [1, 2, 3, 4, 5].map((levels) => ({ value: levels, label: T.leaderLevelLabel(levels) }));

const TYPE_OPTIONS = STEP_TYPES.map((type) => ({
  value: type,
  title: STEP_TYPE_LABELS[type],
  label: (
    <span>
      {STEP_TYPE_LABELS[type]}
      <Typography.Text type="secondary" className="fd-option-hint">
        {STEP_TYPE_HINTS[type]}
      </Typography.Text>
    </span>
  ),
}));

/** A fresh source of the chosen kind; a job or user list starts empty and the designer flags it until filled. */
function sourceOf(kind: SourceKind, current: HandlerSource): HandlerSource {
  if (kind === current.kind) return current;
  switch (kind) {
    case 'users':
      return { kind, userIds: [] };
    case 'job':
      // 0 marks "not chosen yet": the designer's check names the step until a job is picked.
      return { kind, jobId: 0, onlyCoveringInitiatorDept: false };
    case 'leader':
      return { kind, levels: 1 };
    case 'chosen':
    case 'initiator':
      return { kind };
  }
}

interface StepEditorProps {
  step: StepDef;
  index: number;
  count: number;
  lookups: DesignerDirectory;
  onChange: (patch: Partial<Omit<StepDef, 'id'>>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** One step of an approve node: name, 审批方式, 审批人来源 and the source's own picker, and 同意时须填写审批意见. */
export function StepEditor({ step, index, count, lookups, onChange, onMove, onRemove }: StepEditorProps) {
  const id = (part: string) => `fd-step-${step.id}-${part}`;
  const { source } = step;
  return (
    <Card
      size="small"
      className="fd-step"
      title={T.step(index)}
      extra={
        <span className="fd-actions">
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`${T.moveUp}${T.step(index)}`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`${T.moveDown}${T.step(index)}`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${T.remove}${T.step(index)}`} onClick={onRemove} />
        </span>
      }
    >
      <Form.Item label={T.stepName} htmlFor={id('name')} required>
        <Input id={id('name')} maxLength={50} value={step.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label={T.stepType} htmlFor={id('type')}>
        <Select id={id('type')} options={TYPE_OPTIONS} optionLabelProp="title" value={step.type} onChange={(type) => onChange({ type })} />
      </Form.Item>
      <Form.Item label={T.source} htmlFor={id('source')}>
        <Select
          id={id('source')}
          options={SOURCE_OPTIONS}
          value={source.kind}
          onChange={(kind: SourceKind) => onChange({ source: sourceOf(kind, source) })}
        />
      </Form.Item>
      {source.kind === 'users' && (
        <Form.Item label={T.users} htmlFor={id('users')} required>
          <UserIdPicker
            id={id('users')}
            isMultiple
            value={source.userIds}
            onChange={(ids) => onChange({ source: { kind: 'users', userIds: Array.isArray(ids) ? ids : [ids] } })}
          />
        </Form.Item>
      )}
      {source.kind === 'job' && (
        <>
          <Form.Item label={T.job} htmlFor={id('job')} required>
            <JobPicker
              id={id('job')}
              isMultiple={false}
              jobs={lookups.jobs}
              isLoading={lookups.isJobsLoading}
              value={source.jobId}
              onChange={(jobId) => onChange({ source: { ...source, jobId: Array.isArray(jobId) ? (jobId[0] ?? 0) : jobId } })}
            />
          </Form.Item>
          <Checkbox
            checked={source.onlyCoveringInitiatorDept === true}
            onChange={(e) => onChange({ source: { ...source, onlyCoveringInitiatorDept: e.target.checked } })}
          >
            {T.onlyCovering}
          </Checkbox>
        </>
      )}
      {source.kind === 'leader' && (
        <Form.Item label={T.leaderLevel} htmlFor={id('level')}>
          <Select
            id={id('level')}
            options={LEVEL_OPTIONS}
            value={source.levels}
            onChange={(levels: number) => onChange({ source: { kind: 'leader', levels } })}
          />
        </Form.Item>
      )}
      {source.kind === 'chosen' && <Typography.Text type="secondary">{T.chosenHint}</Typography.Text>}
      {source.kind === 'initiator' && <Typography.Text type="secondary">{T.initiatorHint}</Typography.Text>}
      <Form.Item className="fd-step__comment" extra={T.commentRequiredHint}>
        <Checkbox
          id={id('comment-required')}
          checked={step.commentRequired === true}
          onChange={(e) => onChange({ commentRequired: e.target.checked })}
        >
          {T.commentRequired}
        </Checkbox>
      </Form.Item>
    </Card>
  );
}

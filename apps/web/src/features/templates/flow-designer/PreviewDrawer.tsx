import { Alert, Drawer, Form, Spin, Tag, Typography } from 'antd';
import {
  FlowDesignerTexts as T,
  initiatorApprovesOf,
  STEP_TYPE_LABELS,
  type InitiatorApproves,
  type StepDef,
  type FlowPreviewNode,
  type FlowPreviewStep,
  type FormSchema,
  type StepType,
} from '@osp/shared';
import { useIsMobile } from '../../../utils/useIsMobile';
import { findNode, type FlowTree } from './flow-model';
import { UserIdPicker, ValueInput } from './pickers';
import { fieldSubjects, usesJob, type RuleSubject } from './rule-model';
import { stepSummary } from './summary';
import type { DesignerDirectory } from './useDesignerNames';
import type { PreviewState } from './usePreview';

interface PreviewDrawerProps {
  tree: FlowTree;
  schema: FormSchema;
  lookups: DesignerDirectory;
  preview: PreviewState;
}

/** A preview value is a list where the bill's field holds several: a checkbox, a multiple people or department field. */
function isListSubject(subject: RuleSubject): boolean {
  return subject.kind === 'options' || ((subject.kind === 'user' || subject.kind === 'dept') && subject.isMultiple);
}

function nodeTitle(node: { type: string; name: string }): string {
  if (node.type === 'start') return T.initiator;
  if (node.type === 'end') return T.end;
  return node.name;
}

function stepTypeLabel(type: string): string {
  return type in STEP_TYPE_LABELS ? STEP_TYPE_LABELS[type as StepType] : type;
}

function ServerStep({ step }: { step: FlowPreviewStep }) {
  const who =
    step.note === 'chosen'
      ? T.noteChosen
      : step.handlers.length > 0
        ? step.handlers.map((h) => (h.dept_name ? `${h.name}（${h.dept_name}）` : h.name)).join('、')
        : // The source found the initiator and the flow waived them: not "nobody found" (the tags say what happens).
          step.initiator === 'skipped'
          ? ''
          : T.noHandlers;
  return (
    <div className="fd-path__step">
      <span className="fd-path__step-name">{step.name}</span>
      <Tag>{stepTypeLabel(step.type)}</Tag>
      <span className="fd-path__handlers">{who}</span>
      {step.note === 'skip' && <Tag color="warning">{T.noteSkip}</Tag>}
      {step.note === 'admin' && <Tag color="processing">{T.noteAdmin}</Tag>}
      <InitiatorTag outcome={step.initiator} passes={step.handlers.length === 0 && step.note === null} />
    </div>
  );
}

/** What 发起人审批时 did to a step for the sample initiator; a step it left with nobody passes by itself. */
function InitiatorTag({ outcome, passes }: { outcome: FlowPreviewStep['initiator']; passes: boolean }) {
  if (outcome === null) return null;
  return (
    <>
      <Tag color={outcome === 'skipped' ? 'default' : 'processing'}>
        {outcome === 'skipped' ? T.noteInitiatorSkipped : T.noteInitiatorLeader}
      </Tag>
      {passes && outcome === 'skipped' && <Tag color="success">{T.noteStepPasses}</Tag>}
    </>
  );
}

/**
 * Before the server answers: a step that names the sample initiator among its users already shows what
 * 发起人审批时 will do (jobs and leaders need the directory: the server's answer shows those).
 */
function localOutcome(step: StepDef, initiatorId: number | null, rule: InitiatorApproves): FlowPreviewStep['initiator'] {
  if (initiatorId === null || rule === 'self' || step.source.kind !== 'users' || !step.source.userIds.includes(initiatorId)) return null;
  return rule === 'skip' ? 'skipped' : 'leader';
}

function ServerPath({ nodes }: { nodes: readonly FlowPreviewNode[] }) {
  return (
    <ol className="fd-path" aria-label={T.previewServer}>
      {nodes.map((node) => (
        <li key={node.id} className="fd-path__node">
          <span className="fd-path__name">{nodeTitle(node)}</span>
          {(node.type === 'archive' || node.type === 'change') && <Tag>{T.autoNode}</Tag>}
          {node.steps.map((step) => (
            <ServerStep key={step.id} step={step} />
          ))}
        </li>
      ))}
    </ol>
  );
}

/** The local route before the server answers: node names and who each step asks, without the people yet. */
function LocalPath({
  tree,
  route,
  lookups,
  initiatorId,
}: {
  tree: FlowTree;
  route: readonly string[];
  lookups: DesignerDirectory;
  initiatorId: number | null;
}) {
  const rule = initiatorApprovesOf(tree.settings);
  return (
    <ol className="fd-path fd-path--local" aria-label={T.previewLocal}>
      {route.map((id) => {
        const node = findNode(tree, id);
        if (!node) return null;
        return (
          <li key={id} className="fd-path__node">
            <span className="fd-path__name">{nodeTitle(node)}</span>
            {node.steps.map((step) => (
              <div key={step.id} className="fd-path__step">
                <span className="fd-path__step-name">{step.name}</span>
                <span className="fd-path__handlers">{stepSummary(step, lookups.names)}</span>
                <InitiatorTag
                  outcome={localOutcome(step, initiatorId, rule)}
                  passes={step.source.kind === 'users' && step.source.userIds.every((id) => id === initiatorId)}
                />
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}

/** 预览: sample values for the fields rules may test and an initiator; the path and its handlers. */
export function PreviewDrawer({ tree, schema, lookups, preview }: PreviewDrawerProps) {
  const isMobile = useIsMobile();
  const subjects = fieldSubjects(schema);
  const hasJobRules = usesJobAnywhere(tree);
  const { server, local } = preview;
  return (
    <Drawer
      open={preview.isOpen}
      onClose={preview.close}
      title={T.previewTitle}
      size={isMobile ? '100%' : 440}
      // The canvas stays visible beside it on a wide screen, with the path highlighted.
      mask={isMobile}
      className="fd-drawer"
    >
      <Typography.Paragraph type="secondary">{T.previewHint}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={T.previewInitiator} htmlFor="fd-preview-initiator">
          <UserIdPicker
            id="fd-preview-initiator"
            isMultiple={false}
            value={preview.initiatorId ?? 0}
            onChange={(id) => {
              const one = Array.isArray(id) ? id[0] : id;
              preview.setInitiatorId(one && one > 0 ? one : null);
            }}
          />
        </Form.Item>
        {subjects.map((subject) => {
          const key = subject.target.on === 'field' ? subject.target.field : subject.id;
          return (
            <Form.Item key={subject.id} label={subject.label} htmlFor={`fd-preview-${key}`}>
              <ValueInput
                id={`fd-preview-${key}`}
                subject={subject}
                isList={isListSubject(subject)}
                jobs={lookups.jobs}
                isJobsLoading={lookups.isJobsLoading}
                value={preview.form[key] ?? (isListSubject(subject) ? [] : '')}
                onChange={(value) => preview.setValue(key, value)}
              />
            </Form.Item>
          );
        })}
      </Form>
      <Typography.Title level={5}>{T.previewServer}</Typography.Title>
      {server ? (
        <>
          {!server.ok && server.message && <Alert type="error" showIcon className="fd-drawer__alert" title={server.message} />}
          <ServerPath nodes={server.path} />
        </>
      ) : (
        <>
          {preview.hasProblems && <Alert type="warning" showIcon className="fd-drawer__alert" title={T.previewBlocked} />}
          {hasJobRules && <Alert type="info" showIcon className="fd-drawer__alert" title={T.previewJobRuleHint} />}
          {local.ok ? (
            <Spin spinning={preview.isAsking} description={T.previewLocal}>
              <LocalPath tree={tree} route={local.route} lookups={lookups} initiatorId={preview.initiatorId} />
            </Spin>
          ) : (
            <Alert type="error" showIcon className="fd-drawer__alert" title={local.message} />
          )}
        </>
      )}
    </Drawer>
  );
}

function usesJobAnywhere(tree: FlowTree): boolean {
  const walk = (blocks: FlowTree['blocks']): boolean =>
    blocks.some((b) => b.kind === 'condition' && b.branches.some((br) => usesJob(br.rules) || walk(br.blocks)));
  return walk(tree.blocks);
}

import { CheckOutlined, CloseOutlined, RightOutlined } from '@ant-design/icons';
import { Avatar, Tag, Tooltip } from 'antd';
import { FlowViewTexts, isAvatarGreyed, type FlowHandler, type FlowNodeView, type FlowStepView } from '@osp/shared';
import { handlerLabel, nodeTone, shownHandlerState, stepCountText, stepTone } from './flow-display';
import './flow.css';

/** The first character of a name, as the avatar shows it (handlers carry no photo in the flow view). */
function initial(name: string): string {
  return [...name][0] ?? '?';
}

/** A handler's avatar: SPEC §4's colours and greyed avatar; a predicted handler (not asked yet) grey and dashed. */
export function HandlerAvatar({ handler, step, size = 28 }: { handler: FlowHandler; step: FlowStepView; size?: number }) {
  const state = shownHandlerState(step.stepStatus, handler);
  const isGreyed = !handler.predicted && isAvatarGreyed(step.stepStatus, handler.operation);
  const label = handlerLabel(step.stepStatus, handler);
  return (
    <Tooltip title={label}>
      <span className={`flow-avatar flow-avatar--${state}${isGreyed ? ' flow-avatar--greyed' : ''}`} aria-label={label}>
        <Avatar size={size}>{initial(handler.name)}</Avatar>
        {state === 'agreed' && <CheckOutlined className="flow-avatar__mark" />}
        {state === 'rejected' && <CloseOutlined className="flow-avatar__mark" />}
      </span>
    </Tooltip>
  );
}

/**
 * One step: name (审批组 where SPEC says), handler count, approval mode and review labels, status text, handlers.
 * A step not reached yet shows whom it would ask, apart: 预计 on the count, the people grey.
 */
export function FlowStepLine({ step }: { step: FlowStepView }) {
  const showsReview = step.reviewLabel !== '' && step.reviewLabel !== step.approvalModeLabel;
  return (
    <div className={step.predicted ? 'flow-step flow-step--predicted' : 'flow-step'}>
      <div className="flow-step__head">
        <span className="flow-step__name">{step.stepDisplayName}</span>
        <Tooltip title={step.predicted ? FlowViewTexts.predictedHint : undefined}>
          <span className="flow-step__count">{stepCountText(step)}</span>
        </Tooltip>
        {step.approvalModeLabel !== '' && <Tag className="flow-step__mode">{step.approvalModeLabel}</Tag>}
        {showsReview && <Tag className="flow-step__mode">{step.reviewLabel}</Tag>}
        <span className={`flow-status flow-status--${stepTone(step.stepStatus)}`}>{step.stepStatusText}</span>
      </div>
      {step.handlers.length > 0 && (
        <div className="flow-step__handlers">
          {step.handlers.map((handler, index) => (
            <span key={`${handler.id}-${index}`} className="flow-step__handler">
              <HandlerAvatar handler={handler} step={step} size={24} />
              <span className="flow-step__handler-name">{handler.name}</span>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

interface FlowNodeListProps {
  nodes: readonly FlowNodeView[];
  onOpenNode: (node: FlowNodeView) => void;
}

/**
 * The bill's flow, node by node (SPEC §2 popover): start shows 发起审批, end 结束审批, archive and change no
 * text, approve nodes their steps. A node opens the node dialog with its steps in full.
 */
export function FlowNodeList({ nodes, onOpenNode }: FlowNodeListProps) {
  return (
    <ol className="flow-nodes">
      {nodes.map((node) => (
        <li key={node.flowNodeID} className={`flow-node flow-node--${nodeTone(node)}`}>
          <span className="flow-node__dot" aria-hidden />
          <button type="button" className="flow-node__body" onClick={() => onOpenNode(node)} aria-label={`查看节点 ${node.name}`}>
            <span className="flow-node__title">
              <span className="flow-node__name">{node.name}</span>
              {node.flowNodeLabel !== '' && <span className="flow-node__label">{node.flowNodeLabel}</span>}
              <RightOutlined className="flow-node__open" />
            </span>
            {node.flowNodeSteps.map((step) => (
              <FlowStepLine key={step.stepID} step={step} />
            ))}
          </button>
        </li>
      ))}
    </ol>
  );
}

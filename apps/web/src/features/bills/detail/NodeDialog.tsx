import { Descriptions, Empty, Modal, Table, Tag, type TableColumnsType } from 'antd';
import {
  durationBetween,
  FlowViewTexts,
  HANDLER_OPERATIONS,
  TimeTexts,
  type FlowHandler,
  type FlowNodeView,
  type FlowStepView,
} from '@osp/shared';
import { RelativeTime } from '../../../components/RelativeTime';
import { useIsMobile } from '../../../utils/useIsMobile';
import { approvalWayText, SHOWN_HANDLER_LABELS, shownHandlerState, stepCountText, stepTone } from './flow-display';
import { HandlerAvatar } from './FlowNodeList';

/**
 * 耗时: from the task's arrival to the handler's decision. None for a task that ended without one (cancelled with its
 * step: its time is when it ended) or for an automatic agree, which took nobody's time.
 */
function tookText(handler: FlowHandler): string {
  const decided = handler.operation !== HANDLER_OPERATIONS.pending && !handler.is_auto;
  const took = decided ? durationBetween(handler.arrived_at, handler.time) : '';
  return took === '' ? '' : TimeTexts.took(took);
}

function handlerColumns(step: FlowStepView, isMobile: boolean): TableColumnsType<FlowHandler> {
  return [
    {
      title: '审批人',
      key: 'name',
      render: (_, handler) => (
        <span className="node-dialog__handler">
          <HandlerAvatar handler={handler} step={step} />
          <span>
            <span className="node-dialog__handler-name">{handler.name}</span>
            {handler.on_behalf_of && <Tag className="node-dialog__behalf">{handler.on_behalf_of}</Tag>}
            {isMobile && handler.dept_name && <span className="node-dialog__minor">{handler.dept_name}</span>}
          </span>
        </span>
      ),
    },
    { title: '部门', dataIndex: 'dept_name', responsive: ['md'], render: (dept: string | null) => dept ?? '—' },
    { title: '手机号', dataIndex: 'mobile', responsive: ['lg'], render: (mobile: string) => mobile || '—' },
    {
      title: '状态',
      key: 'state',
      width: 88,
      render: (_, handler) => {
        const state = shownHandlerState(step.stepStatus, handler);
        return <span className={`flow-handler-state flow-handler-state--${state}`}>{SHOWN_HANDLER_LABELS[state]}</span>;
      },
    },
    {
      title: '意见',
      key: 'comment',
      render: (_, handler) => (
        <span>
          {handler.comment || '—'}
          {handler.time && (
            <span className="node-dialog__minor">
              <RelativeTime iso={handler.time} />
              {tookText(handler) !== '' && ` · ${tookText(handler)}`}
            </span>
          )}
        </span>
      ),
    },
  ];
}

function StepSection({ step, isMobile }: { step: FlowStepView; isMobile: boolean }) {
  // Two different things (issue 14): how the handlers decide, and where they come from.
  const approvalWay = approvalWayText(step);
  return (
    <section className="node-dialog__step" aria-label={step.stepDisplayName}>
      <Descriptions
        size="small"
        column={isMobile ? 1 : 2}
        title={step.stepDisplayName}
        extra={<span className={`flow-status flow-status--${stepTone(step.stepStatus)}`}>{step.stepStatusText}</span>}
        items={[
          { key: 'count', label: '审批人数', children: stepCountText(step) },
          ...(approvalWay !== '' ? [{ key: 'mode', label: '审批方式', children: approvalWay }] : []),
          ...(step.sourceLabel !== '' ? [{ key: 'source', label: '审批类型', children: step.sourceLabel }] : []),
        ]}
      />
      {step.predicted && <p className="node-dialog__minor">{FlowViewTexts.predictedHint}</p>}
      {step.handlers.length > 0 && (
        <Table<FlowHandler>
          rowKey={(handler) => `${handler.id}-${handler.time ?? ''}`}
          size="small"
          pagination={false}
          columns={handlerColumns(step, isMobile)}
          dataSource={step.handlers}
        />
      )}
    </section>
  );
}

interface NodeDialogProps {
  node: FlowNodeView | null;
  onClose: () => void;
}

/** SPEC §2: a dialog shows a flow node's approval steps, with every handler, their decision and comment. */
export function NodeDialog({ node, onClose }: NodeDialogProps) {
  const isMobile = useIsMobile();
  return (
    <Modal open={node !== null} title={node?.name} footer={null} width={isMobile ? '100%' : 760} onCancel={onClose} destroyOnHidden>
      {node && (
        <div className="node-dialog">
          {node.flowNodeLabel !== '' && <p className="node-dialog__label">{node.flowNodeLabel}</p>}
          {node.flowNodeSteps.map((step) => (
            <StepSection key={step.stepID} step={step} isMobile={isMobile} />
          ))}
          {node.flowNodeSteps.length === 0 && node.flowNodeLabel === '' && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该节点没有审批步骤" />
          )}
        </div>
      )}
    </Modal>
  );
}

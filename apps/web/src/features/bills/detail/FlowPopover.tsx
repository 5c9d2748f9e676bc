import { Popover, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { BILL_ACTION_LABELS, type FlowNodeView } from '@osp/shared';
import { useBillFlow } from '../../../api/bills';
import { FlowNodeList } from './FlowNodeList';
import { NodeDialog } from './NodeDialog';

interface FlowPopoverProps {
  billId: number;
  /** What opens it: a tag (made a button here) or a button of its own. */
  children: ReactNode;
  isChildButton?: boolean;
}

/** SPEC §2: the bill flow popover shows each step with its approvers; a node opens the node dialog. */
export function FlowPopover({ billId, children, isChildButton = false }: FlowPopoverProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [openNode, setOpenNode] = useState<FlowNodeView | null>(null);
  const flow = useBillFlow(billId, isOpen);

  const content = (
    <div className="flow-popover" onClick={(event) => event.stopPropagation()}>
      {flow.data && (
        <FlowNodeList
          nodes={flow.data.flowNodes}
          onOpenNode={(node) => {
            setIsOpen(false);
            setOpenNode(node);
          }}
        />
      )}
      {flow.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {flow.isError && <Result status="warning" subTitle="审批流程暂时无法获取" />}
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomLeft"
        title={flow.data ? `${BILL_ACTION_LABELS.flow} · ${flow.data.name}` : BILL_ACTION_LABELS.flow}
        content={content}
        open={isOpen}
        onOpenChange={setIsOpen}
        classNames={{ root: 'flow-popover-overlay' }}
      >
        {isChildButton ? (
          <span className="flow-popover__trigger" onClick={(event) => event.stopPropagation()}>
            {children}
          </span>
        ) : (
          <span
            className="flow-popover__trigger"
            role="button"
            tabIndex={0}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                setIsOpen(true);
              }
            }}
          >
            {children}
          </span>
        )}
      </Popover>
      <NodeDialog node={openNode} onClose={() => setOpenNode(null)} />
    </>
  );
}

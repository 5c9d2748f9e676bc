import { Drawer, Popover, Result, Skeleton } from 'antd';
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { BILL_ACTION_LABELS, BillPageMessages, type FlowNodeView } from '@osp/shared';
import { useBillFlow } from '../../../api/bills';
import { useIsMobile } from '../../../utils/useIsMobile';
import { FlowNodeList } from './FlowNodeList';
import { NodeDialog } from './NodeDialog';

interface FlowPopoverProps {
  billId: number;
  /** What opens it: a tag (made a button here) or a button of its own. */
  children: ReactNode;
  isChildButton?: boolean;
}

/*
 * The trigger sits in list rows and cards that open the bill on click, and React passes clicks inside a
 * portal (popover, drawer, dialog) up to them: every click of ours stops here.
 */
function stop(event: MouseEvent) {
  event.stopPropagation();
}

/**
 * SPEC §2: the bill flow popover shows each step with its approvers; a node opens the node dialog. On a
 * phone the same content slides up from the bottom: a popover anchored to a tag runs off a 390 px screen.
 */
export function FlowPopover({ billId, children, isChildButton = false }: FlowPopoverProps) {
  const isMobile = useIsMobile();
  const [isOpen, setIsOpen] = useState(false);
  const [openNode, setOpenNode] = useState<FlowNodeView | null>(null);
  const flow = useBillFlow(billId, isOpen);

  const title = flow.data ? `${BILL_ACTION_LABELS.flow} · ${flow.data.name}` : BILL_ACTION_LABELS.flow;
  const content = (
    <div className={isMobile ? 'flow-popover flow-popover--sheet' : 'flow-popover'} onClick={stop}>
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
      {flow.isError && <Result status="warning" subTitle={BillPageMessages.flowUnavailable} />}
    </div>
  );

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setIsOpen(true);
    }
  };
  // On a phone nothing anchors to the trigger, so it opens the drawer itself.
  const handleClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (isMobile) setIsOpen(true);
  };
  const trigger = isChildButton ? (
    <span className="flow-popover__trigger" onClick={handleClick}>
      {children}
    </span>
  ) : (
    <span className="flow-popover__trigger" role="button" tabIndex={0} onClick={handleClick} onKeyDown={handleKeyDown}>
      {children}
    </span>
  );

  return (
    <>
      {isMobile ? (
        trigger
      ) : (
        <Popover
          trigger="click"
          placement="bottomLeft"
          title={title}
          content={content}
          open={isOpen}
          onOpenChange={setIsOpen}
          classNames={{ root: 'flow-popover-overlay' }}
        >
          {trigger}
        </Popover>
      )}
      <span className="flow-popover__portals" onClick={stop}>
        {isMobile && (
          <Drawer
            placement="bottom"
            size="auto"
            title={title}
            open={isOpen}
            onClose={() => setIsOpen(false)}
            rootClassName="flow-drawer"
            // As tall as its content, and scrolling inside once a long flow would cover the page.
            styles={{ section: { maxHeight: '85vh' } }}
          >
            {content}
          </Drawer>
        )}
        <NodeDialog node={openNode} onClose={() => setOpenNode(null)} />
      </span>
    </>
  );
}

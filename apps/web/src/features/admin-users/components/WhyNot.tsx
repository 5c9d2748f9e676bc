import { Tooltip, type TooltipProps } from 'antd';
import type { ReactNode } from 'react';
import { messageText } from '../../../components/HtmlMessage';

interface WhyNotProps {
  /** The server's reason for refusing (abilities' `*_blocked_reason`); '' when it allows. */
  reason: string;
  placement?: TooltipProps['placement'];
  children: ReactNode;
}

/**
 * A control the server said the caller may not use, with the server's reason on hover. A disabled
 * button hears no mouse, so the span around it does; the reason arrives escaped for HTML (SPEC §8) and
 * a tooltip shows text, hence messageText.
 */
export function WhyNot({ reason, placement = 'topRight', children }: WhyNotProps) {
  if (!reason) return children;
  return (
    <Tooltip title={messageText(reason)} placement={placement}>
      <span className="users-table__blocked">{children}</span>
    </Tooltip>
  );
}

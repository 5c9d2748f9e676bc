import { Alert, Drawer, Form } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../utils/useIsMobile';

interface EditorDrawerProps {
  isOpen: boolean;
  title: string;
  width: number;
  /** The checks' findings on what the drawer edits, listed above its form. */
  messages: readonly string[];
  messageType: 'warning' | 'error';
  onClose: () => void;
  /** The form's items; nothing while there is nothing to edit. */
  children: ReactNode;
}

/** The drawer a node or a branch is edited in: full width on a phone, rebuilt on each opening. */
export function EditorDrawer({ isOpen, title, width, messages, messageType, onClose, children }: EditorDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer open={isOpen} onClose={onClose} title={title} size={isMobile ? '100%' : width} destroyOnHidden className="fd-drawer">
      {children ? (
        <Form layout="vertical" component="div">
          {messages.length > 0 && (
            <Alert
              type={messageType}
              showIcon
              className="fd-drawer__alert"
              title={
                messages.length === 1 ? (
                  messages[0]
                ) : (
                  <ul className="fd-alert-list">
                    {messages.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          {children}
        </Form>
      ) : null}
    </Drawer>
  );
}

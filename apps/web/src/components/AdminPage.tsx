import { Flex } from 'antd';
import type { ReactNode } from 'react';
import './admin-page.css';

interface AdminPageProps {
  title: string;
  description?: string;
  /** Buttons at the right of the title; they wrap below it on a narrow screen. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every administration page: title, a line of help, the page's actions. */
export function AdminPage({ title, description, actions, children }: AdminPageProps) {
  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <div>
          <h2 className="admin-page__title">{title}</h2>
          {description && <p className="admin-page__description">{description}</p>}
        </div>
        {actions && (
          <Flex wrap gap={8}>
            {actions}
          </Flex>
        )}
      </div>
      {children}
    </div>
  );
}

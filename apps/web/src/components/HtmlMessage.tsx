import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** DESIGN §5a: every HTML string that reaches the DOM passes through DOMPurify first. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

interface HtmlMessageProps {
  html: string;
  /** `div` for block content such as an article body; `span` for a line inside a toast. */
  as?: 'span' | 'div';
  className?: string;
}

/** Server text that may carry HTML (SPEC §8 toasts, article bodies), sanitised before display. */
export function HtmlMessage({ html, as: Tag = 'span', className }: HtmlMessageProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

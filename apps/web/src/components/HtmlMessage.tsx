import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** DESIGN §5a: every HTML string that reaches the DOM passes through DOMPurify first. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A message for a place that shows plain text (a form field's error under its input): the values that
 * the message builders escaped (escapeHtml, issue 11 item 10) become the characters typed again —
 * 「研发&测试」, not 「研发&amp;测试」 — and React escapes the text as it renders it. One pass, so it is
 * exactly escapeHtml's inverse.
 */
export function messageText(message: string): string {
  return message.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

interface HtmlMessageProps {
  html: string;
  /** `div` for block content such as an article body; `span` for a line inside a toast. */
  as?: 'span' | 'div';
  className?: string;
}

/**
 * Server text that may carry HTML (SPEC §8 toasts, article bodies), sanitised before display. Values in a
 * message arrive escaped, so a name typed as `<a href=…>` shows as those characters, never as a link.
 */
export function HtmlMessage({ html, as: Tag = 'span', className }: HtmlMessageProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

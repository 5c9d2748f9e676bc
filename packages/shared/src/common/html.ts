const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * SPEC §8 lets a message carry HTML (the web shows it as markup, through DOMPurify), so a value a
 * user typed — a department, a template, a person's name — is escaped wherever a message places it:
 * only the product's own message templates carry markup (issue 11, item 10).
 */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * Whether an address typed into 链接 is one the server keeps on a link (article-html.ts: http, https, mailto, tel).
 * Anything else — javascript:, data:, a bare word the browser would read as a relative path — is refused in the dialog,
 * where the user can still fix it, instead of vanishing silently on save.
 */
export function isLinkAddress(value: string): boolean {
  const address = value.trim();
  return /^(https?:\/\/[^\s/?#]+\S*|mailto:[^\s@]+@\S+|tel:[\d+\-() ]+)$/i.test(address);
}

/**
 * The file name of a Content-Disposition header. RFC 6266: the UTF-8 `filename*` wins over the
 * plain `filename` (an ASCII fallback for old clients) wherever each stands in the header.
 */
export function filenameOf(disposition: string): string | undefined {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || undefined;
}

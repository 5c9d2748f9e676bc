/** The designer, a fixed route outside the menu: /office/templates/design?templateID=<id>. */
export const TEMPLATE_DESIGN_PATH = '/office/templates/design';
export const TEMPLATE_ADMIN_PATH = '/office/templates';

/**
 * An IPTV template adds `iptv=1`, as the bill edit page does: the two kinds are read from separate
 * endpoints, and an IPTV id on /api/templates is not found.
 */
export function designPath({ templateId, isIptv }: { templateId: number; isIptv: boolean }): string {
  const query = new URLSearchParams({ templateID: String(templateId) });
  if (isIptv) query.set('iptv', '1');
  return `${TEMPLATE_DESIGN_PATH}?${query.toString()}`;
}

/** A positive whole number from the query, else undefined. */
export function idParam(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** SPEC §9 mobile pattern: 11 digits, first 1, second 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/**
 * A practical e-mail check: one @, a dotted domain, no spaces. RFC 5322 allows far more, but an
 * address a company's mail server accepts always passes this.
 */
const MAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isMail(value: string): boolean {
  return value.length <= 100 && MAIL_PATTERN.test(value);
}

/** SPEC §3: sex is sent as a string, 1 male, 2 female. */
export const SEX_VALUES = ['1', '2'] as const;
export type Sex = (typeof SEX_VALUES)[number];
export const SEX_LABELS: Record<Sex, string> = { '1': '男', '2': '女' };

/** Landline: digits with optional area-code dash and extension, e.g. 010-12345678-8001. */
export const PHONE_PATTERN = /^[0-9+][0-9-]{2,29}$/;

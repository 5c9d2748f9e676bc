/**
 * SPEC §9 amount in words (金额大写), as on a Chinese cheque or reimbursement slip: 元, 角, 分; up to 4
 * decimals are read (rounded half up to 分); at or above 1e15 the result is empty; a negative amount
 * reads 欠…; forms show it after the 大写 prefix. Works on the decimal text, never on floats.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const IN_GROUP = ['', '拾', '佰', '仟'] as const;
/** Units of the 4-digit groups: 万 above 亿 makes 万亿 (1e12). */
const GROUPS = ['', '万', '亿', '万'] as const;

export const MONEY_WORDS_PREFIX = '大写：';
export const MONEY_WORDS_NEGATIVE = '欠';
const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d{1,4})\d*)?$/;
const LIMIT_DIGITS = 15;

/** The words of a whole number of 元 (no unit), '' for zero. */
function integerWords(whole: string): string {
  let out = '';
  let zeros = 0;
  const length = whole.length;
  for (let i = 0; i < length; i += 1) {
    const place = length - i - 1;
    const digit = Number(whole[i]);
    const inGroup = place % 4;
    const group = Math.floor(place / 4);
    if (digit === 0) zeros += 1;
    else {
      if (zeros > 0 && out !== '') out += DIGITS[0];
      zeros = 0;
      out += `${DIGITS[digit] ?? ''}${IN_GROUP[inGroup] ?? ''}`;
    }
    if (inGroup === 0 && group > 0) {
      // A group of four zeros takes no unit, except 亿 after a non-zero 万亿 group (壹万亿).
      if (zeros < 4 || (group === 2 && length > 12)) out += GROUPS[group] ?? '';
      // Zeros that end a group before its unit need no 零 (壹拾万伍仟); a whole group of zeros does.
      if (zeros < 4) zeros = 0;
    }
  }
  return out;
}

/**
 * 1234.5 → 壹仟贰佰叁拾肆元伍角; 100.05 → 壹佰元零伍分; 0 → 零元整; -8 → 欠捌元整; '' for anything that is not a
 * decimal number or whose size reaches 1e15.
 */
export function moneyInWords(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return '';
  const [, minus, wholeText = '0', fractionText = ''] = match;
  // Exact: the amount in ten-thousandths of a yuan, rounded half up to cents.
  const tenThousandths = BigInt(wholeText) * 10_000n + BigInt(fractionText.padEnd(4, '0'));
  const cents = (tenThousandths + 50n) / 100n;
  const whole = cents / 100n;
  if (whole.toString().length > LIMIT_DIGITS) return '';
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  const yuan = whole === 0n ? '' : integerWords(whole.toString());
  let words: string;
  if (cents === 0n) words = `${DIGITS[0]}元整`;
  else {
    words = yuan === '' ? '' : `${yuan}元`;
    if (jiao > 0) words += `${DIGITS[jiao] ?? ''}角`;
    else if (fen > 0 && yuan !== '') words += DIGITS[0];
    if (fen > 0) words += `${DIGITS[fen] ?? ''}分`;
    if (jiao === 0 && fen === 0) words += '整';
  }
  return minus && cents !== 0n ? `${MONEY_WORDS_NEGATIVE}${words}` : words;
}

/** What a form shows under a money value: 大写：壹仟元整 (empty when there are no words). */
export function moneyInWordsLabel(value: string | number | null | undefined): string {
  const words = moneyInWords(value);
  return words === '' ? '' : `${MONEY_WORDS_PREFIX}${words}`;
}

/** 6000 → 6,000.00: a decimal money text with thousands separators, without floats. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, minus = '', whole = '0', fraction = ''] = match;
  const grouped = BigInt(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minus}${grouped}.${fraction.padEnd(2, '0')}`;
}

import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInWords, moneyInWordsLabel } from './money-words';

describe('moneyInWords (SPEC §9)', () => {
  it.each([
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['15', '壹拾伍元整'],
    ['100.05', '壹佰元零伍分'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['0.55', '伍角伍分'],
    ['1234.5', '壹仟贰佰叁拾肆元伍角'],
    ['1680.32', '壹仟陆佰捌拾元叁角贰分'],
    ['6000', '陆仟元整'],
    ['6000.00', '陆仟元整'],
    ['1001', '壹仟零壹元整'],
    ['10010', '壹万零壹拾元整'],
    ['100000', '壹拾万元整'],
    ['105000', '壹拾万伍仟元整'],
    ['1000000', '壹佰万元整'],
    ['100000000', '壹亿元整'],
    ['100010000', '壹亿零壹万元整'],
    ['1000000001', '壹拾亿零壹元整'],
    ['1000000000000', '壹万亿元整'],
    ['1000100000000', '壹万零壹亿元整'],
    ['1000000010000', '壹万亿零壹万元整'],
    ['1000050000000', '壹万亿零伍仟万元整'],
    ['100005000', '壹亿零伍仟元整'],
    ['100001', '壹拾万零壹元整'],
    ['123456789012345.67', '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元陆角柒分'],
  ])('%s → %s', (value, words) => {
    expect(moneyInWords(value)).toBe(words);
  });

  it('reads up to 4 decimals, rounding half up to 分', () => {
    expect(moneyInWords('1.0049')).toBe('壹元整');
    expect(moneyInWords('1.005')).toBe('壹元零壹分');
    expect(moneyInWords('2.996')).toBe('叁元整');
    // A fifth decimal is not read.
    expect(moneyInWords('1.00499')).toBe('壹元整');
  });

  it('prefixes 欠 for negative amounts', () => {
    expect(moneyInWords('-8')).toBe('欠捌元整');
    expect(moneyInWords(-12.3)).toBe('欠壹拾贰元叁角');
    expect(moneyInWords('-0.00')).toBe('零元整');
  });

  it('is empty at or above 1e15 and for anything that is not an amount', () => {
    expect(moneyInWords('999999999999999.99')).toBe('玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
    expect(moneyInWords('1000000000000000')).toBe('');
    expect(moneyInWords('-1000000000000000')).toBe('');
    expect(moneyInWords('999999999999999.995')).toBe('');
    expect(moneyInWords(1e15)).toBe('');
    expect(moneyInWords('')).toBe('');
    expect(moneyInWords('abc')).toBe('');
    expect(moneyInWords('1,000')).toBe('');
    expect(moneyInWords(null)).toBe('');
    expect(moneyInWords(undefined)).toBe('');
    expect(moneyInWords(Number.NaN)).toBe('');
  });

  it('accepts numbers as well as decimal text', () => {
    expect(moneyInWords(6000)).toBe('陆仟元整');
    expect(moneyInWords(0.1)).toBe('壹角');
  });

  it('labels the words with the 大写 prefix', () => {
    expect(moneyInWordsLabel('6000.00')).toBe('大写：陆仟元整');
    expect(moneyInWordsLabel('-1')).toBe('大写：欠壹元整');
    expect(moneyInWordsLabel('x')).toBe('');
  });
});

describe('formatMoney', () => {
  it('groups thousands and shows two decimals', () => {
    expect(formatMoney('6000')).toBe('6,000.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000.05')).toBe('-1,000.05');
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney('')).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('abc');
  });
});

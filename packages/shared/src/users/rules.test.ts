import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/validation';
import { ProfileMessages } from './messages';
import { isMail, isMobile } from './rules';
import { PersonUpdateZ } from './schemas';

describe('isMobile (SPEC §9: 11 digits, first 1, second 3–9)', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12800138000', false],
    ['10800138000', false],
    ['1380013800', false],
    ['138001380000', false],
    ['2380013800a', false],
    [' 13800138000', false],
  ])('%j → %s', (value, expected) => expect(isMobile(value)).toBe(expected));
});

describe('isMail', () => {
  it.each([
    ['zhangsan@xinghe-tech.cn', true],
    ['a.b+tag@mail.example.com', true],
    ['zhangsan', false],
    ['zhangsan@', false],
    ['zhangsan@localhost', false],
    ['zhang san@x.cn', false],
    ['a@@x.cn', false],
  ])('%j → %s', (value, expected) => expect(isMail(value)).toBe(expected));
});

describe('PersonUpdateZ', () => {
  it('reports every invalid field with the SPEC message', () => {
    const result = PersonUpdateZ.safeParse({ sex: '', mail: 'x', mobile: '123' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual({
        sex: [ProfileMessages.sexRequired],
        mail: [ProfileMessages.mailInvalid],
        mobile: [ProfileMessages.mobileInvalid],
      });
    }
  });

  it('keeps only the five editable fields', () => {
    const parsed = PersonUpdateZ.parse({ sex: '2', mail: 'a@b.cn', mobile: '13800138000', name: '黑客', roles: ['admin'], dept_id: 1 });
    expect(Object.keys(parsed).sort()).toEqual(['mail', 'mobile', 'phone', 'sex', 'wechat']);
  });
});

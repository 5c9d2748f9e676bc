import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './validation';
import '../index';

describe('Chinese messages for rules without their own', () => {
  it('answers in Chinese for lengths, ranges, types, enums and missing fields', () => {
    const schema = z.object({
      name: z.string().max(3),
      code: z.string().min(4),
      count: z.number().int().max(10),
      age: z.number().min(18),
      kind: z.enum(['a', 'b']),
      required: z.string(),
      typed: z.number(),
    });
    const result = schema.safeParse({ name: 'abcdef', code: 'ab', count: 11, age: 3, kind: 'c', typed: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual({
        name: ['不能超过3个字符'],
        code: ['不能少于4个字符'],
        count: ['不能大于10'],
        age: ['不能小于18'],
        kind: ['取值不在允许的范围内'],
        required: ['不能为空'],
        typed: ['格式不正确'],
      });
    }
  });

  it('keeps a message the schema names itself', () => {
    const result = z.string().max(1, '太长了').safeParse('abc');
    expect(result.success ? '' : result.error.issues[0]?.message).toBe('太长了');
  });

  it('says that a value given twice is one too many (a query key repeated arrives as an array)', () => {
    const result = z.object({ keyword: z.string(), page: z.coerce.number() }).safeParse({ keyword: ['a', 'b'], page: ['1', '2'] });
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ keyword: ['只能填写一个值'], page: ['格式不正确'] });
  });
});

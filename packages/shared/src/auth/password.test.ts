import { describe, expect, it } from 'vitest';
import { isCommonPassword, isStrongPassword } from './password';

describe('isStrongPassword (SPEC §5: 8–30 characters, three of four classes)', () => {
  it.each([
    ['Abcdef1', false, '7 characters'],
    ['Abcdef12', true, '8 characters'],
    [`Ab1${'x'.repeat(27)}`, true, '30 characters'],
    [`Ab1${'x'.repeat(28)}`, false, '31 characters'],
  ])('%s → %s (%s)', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it.each([
    ['abcdefgh', false, 'lowercase only'],
    ['abcd1234', false, 'two classes'],
    ['ABCD123!', true, 'upper, digit, special'],
    ['abcd123!', true, 'lower, digit, special'],
    ['abcdEFG!', true, 'lower, upper, special'],
    ['abcdEFG1', true, 'lower, upper, digit'],
    ['密码密码Ab1!', true, 'Chinese counts as special'],
  ])('%s → %s (%s)', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it('counts an emoji as one character', () => {
    expect(isStrongPassword('Ab1😀😀😀😀')).toBe(false);
    expect(isStrongPassword('Ab1😀😀😀😀😀')).toBe(true);
  });
});

describe('isCommonPassword', () => {
  it('refuses well-known passwords whatever their case', () => {
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword('ADMIN@123')).toBe(true);
    expect(isCommonPassword('Tq7#vLm2x')).toBe(false);
  });
});

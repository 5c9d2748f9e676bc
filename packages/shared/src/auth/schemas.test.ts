import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/validation';
import { PasswordMessages } from './messages';
import { PasswordChangeZ } from './schemas';

function errorsOf(input: unknown) {
  const result = PasswordChangeZ.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
}

describe('PasswordChangeZ (SPEC §5 change password)', () => {
  it('names every empty field with its own message', () => {
    expect(errorsOf({ old_passwd: '', passwd: '', passwd_confirmation: '' })).toEqual({
      old_passwd: [PasswordMessages.oldRequired],
      passwd: [PasswordMessages.newRequired],
      passwd_confirmation: [PasswordMessages.confirmRequired],
    });
    expect(errorsOf({})).toEqual({
      old_passwd: [PasswordMessages.oldRequired],
      passwd: [PasswordMessages.newRequired],
      passwd_confirmation: [PasswordMessages.confirmRequired],
    });
  });

  it('applies the strength rule to the new and the confirm password', () => {
    expect(errorsOf({ old_passwd: 'Old@12345', passwd: 'short', passwd_confirmation: 'short' })).toEqual({
      passwd: [PasswordMessages.strength],
      passwd_confirmation: [PasswordMessages.strength],
    });
  });

  it('refuses a new password equal to the old one', () => {
    expect(errorsOf({ old_passwd: 'Same@12345', passwd: 'Same@12345', passwd_confirmation: 'Same@12345' })).toEqual({
      passwd: [PasswordMessages.sameAsOld],
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(errorsOf({ old_passwd: 'Old@12345', passwd: 'New@12345', passwd_confirmation: 'New@12346' })).toEqual({
      passwd_confirmation: [PasswordMessages.mismatch],
    });
  });

  it('refuses a common password that passes the rules', () => {
    expect(errorsOf({ old_passwd: 'Old@12345', passwd: 'P@ssw0rd', passwd_confirmation: 'P@ssw0rd' })).toEqual({
      passwd: [PasswordMessages.tooCommon],
    });
  });

  it('accepts a valid change', () => {
    expect(errorsOf({ old_passwd: 'Old@12345', passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2x' })).toEqual({});
  });
});

import type { FormRule } from 'antd';
import { isCommonPassword, isStrongPassword, PasswordMessages } from '@osp/shared';

/** The reset form's fields, named as in the change-password dialog (SPEC §3). */
export interface ResetPasswordValues {
  newPwd: string;
  confirmPwd: string;
}

/** Payload name → form field, to put the server's 422 messages on the right inputs. */
export const RESET_FIELD_OF = {
  passwd: 'newPwd',
  passwd_confirmation: 'confirmPwd',
} as const satisfies Record<string, keyof ResetPasswordValues>;

const fail = (message: string) => Promise.reject(new Error(message));

/**
 * SPEC §5 rules of a new password, each with its message character for character. There is no
 * old-password field here: the server alone can say that the new one equals the old.
 */
export const resetPasswordRules: Record<keyof ResetPasswordValues, FormRule[]> = {
  newPwd: [
    { required: true, message: PasswordMessages.newRequired },
    {
      validator: (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return Promise.resolve();
        if (!isStrongPassword(value)) return fail(PasswordMessages.strength);
        if (isCommonPassword(value)) return fail(PasswordMessages.tooCommon);
        return Promise.resolve();
      },
    },
  ],
  confirmPwd: [
    { required: true, message: PasswordMessages.confirmRequired },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return Promise.resolve();
        if (!isStrongPassword(value)) return fail(PasswordMessages.strength);
        if (value !== getFieldValue('newPwd')) return fail(PasswordMessages.mismatch);
        return Promise.resolve();
      },
    }),
  ],
};

import type { FormRule } from 'antd';
import { isCommonPassword, isStrongPassword, PasswordMessages } from '@osp/shared';

/** The dialog's field names (SPEC §3); the payload names differ. */
export interface PasswordFormValues {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

/** Payload name → form field, to put the server's 422 messages on the right inputs. */
export const PASSWORD_FIELD_OF = {
  old_passwd: 'oldPwd',
  passwd: 'newPwd',
  passwd_confirmation: 'confirmPwd',
} as const satisfies Record<string, keyof PasswordFormValues>;

const fail = (message: string) => Promise.reject(new Error(message));

/** SPEC §5 change-password rules, each with its message character for character. */
export const passwordRules: Record<keyof PasswordFormValues, FormRule[]> = {
  oldPwd: [{ required: true, message: PasswordMessages.oldRequired }],
  newPwd: [
    { required: true, message: PasswordMessages.newRequired },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return Promise.resolve();
        if (!isStrongPassword(value)) return fail(PasswordMessages.strength);
        if (value === getFieldValue('oldPwd')) return fail(PasswordMessages.sameAsOld);
        if (isCommonPassword(value)) return fail(PasswordMessages.tooCommon);
        return Promise.resolve();
      },
    }),
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

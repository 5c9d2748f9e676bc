import type { FormRule } from 'antd';
import { AdminUserMessages, isMail, isMobile, isValidUsername, passwordProblem, PasswordMessages, ProfileMessages } from '@osp/shared';

/** A rule from a shared check, so each field says exactly what the server would. */
function ruleOf(problem: (value: string) => string | undefined): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = problem(typeof value === 'string' ? value.trim() : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

const PASSWORD_RULE = ruleOf((value) => (value === '' ? undefined : passwordProblem(value)));

export const userRules = {
  username: [
    { required: true, whitespace: true, message: AdminUserMessages.usernameRequired },
    ruleOf((value) => (value === '' || isValidUsername(value) ? undefined : AdminUserMessages.usernameInvalid)),
  ],
  name: [
    { required: true, whitespace: true, message: AdminUserMessages.nameRequired },
    { max: 64, message: AdminUserMessages.nameTooLong },
  ],
  sex: [{ required: true, message: ProfileMessages.sexRequired }],
  dept_id: [{ required: true, message: AdminUserMessages.deptRequired }],
  station: [{ max: 100, message: AdminUserMessages.stationTooLong }],
  mobile: [
    { required: true, whitespace: true, message: ProfileMessages.mobileRequired },
    // An empty field has its one message above; this one is for a number typed wrong.
    ruleOf((v) => (v === '' || isMobile(v) ? undefined : ProfileMessages.mobileInvalid)),
  ],
  mail: [
    { required: true, message: ProfileMessages.mailInvalid },
    ruleOf((v) => (v === '' || isMail(v) ? undefined : ProfileMessages.mailInvalid)),
  ],
  initialPassword: [{ required: true, message: AdminUserMessages.initialPasswordRequired }, PASSWORD_RULE],
  newPassword: [{ required: true, message: PasswordMessages.newRequired }, PASSWORD_RULE],
  confirmPassword: [
    { required: true, message: PasswordMessages.confirmRequired },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        value === '' || value === undefined || value === getFieldValue('passwd')
          ? Promise.resolve()
          : Promise.reject(new Error(PasswordMessages.mismatch)),
    }),
  ],
} satisfies Record<string, FormRule[]>;

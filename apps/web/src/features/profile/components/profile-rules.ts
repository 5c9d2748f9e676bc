import type { FormRule } from 'antd';
import { isMail, isMobile, PHONE_PATTERN, ProfileMessages } from '@osp/shared';

/** A rule from a shared check, so the form says exactly what the server would (SPEC §5). */
function ruleOf(isValid: (value: string) => boolean, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      isValid(typeof value === 'string' ? value.trim() : '') ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

export const profileRules = {
  sex: [{ required: true, message: ProfileMessages.sexRequired }],
  mail: [ruleOf(isMail, ProfileMessages.mailInvalid)],
  mobile: [ruleOf(isMobile, ProfileMessages.mobileInvalid)],
  // Optional fields: empty passes; the limits are the server's (packages/shared).
  phone: [ruleOf((value) => value === '' || PHONE_PATTERN.test(value), ProfileMessages.phoneInvalid)],
  wechat: [ruleOf((value) => value.length <= 50, ProfileMessages.wechatInvalid)],
} satisfies Record<string, FormRule[]>;

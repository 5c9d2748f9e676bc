import { z } from 'zod';
import { LoginMessages, PasswordMessages } from './messages';
import { isCommonPassword, isStrongPassword } from './password';

export const LoginZ = z.object({
  username: z
    .string({ error: LoginMessages.usernameRequired })
    .trim()
    .min(1, LoginMessages.usernameRequired)
    .max(64, LoginMessages.usernameTooLong),
  password: z
    .string({ error: LoginMessages.passwordRequired })
    .min(1, LoginMessages.passwordRequired)
    .max(128, LoginMessages.passwordTooLong),
  captcha_key: z.string().max(64).optional(),
  captcha_code: z.string().max(16).optional(),
});
export type Login = z.infer<typeof LoginZ>;

export const AuthorizationCheckZ = z.object({
  username: z.string().trim().max(64).optional(),
});
export type AuthorizationCheck = z.infer<typeof AuthorizationCheckZ>;

export interface Authorization {
  token: string;
  token_type: 'Bearer';
  /** Seconds of inactivity after which the token stops working. */
  expires_in: number;
}

export interface AuthorizationCheckResult {
  /** Whether the bearer token sent with the call is valid. */
  token_valid: boolean;
  /** Whether signing in as `username` (or from this address) needs a captcha now. */
  captcha_required: boolean;
}

export interface Captcha {
  captcha_key: string;
  /** A data: URL of the captcha image. */
  image: string;
  expires_in: number;
}

/** The new password's own rules, shared by change and (later) reset. */
export const NewPasswordZ = z
  .string({ error: PasswordMessages.newRequired })
  .min(1, PasswordMessages.newRequired)
  .refine((p) => p === '' || isStrongPassword(p), PasswordMessages.strength)
  .refine((p) => p === '' || !isStrongPassword(p) || !isCommonPassword(p), PasswordMessages.tooCommon);

/** SPEC §3 payload of PATCH /api/password/change with the SPEC §5 rules and messages. */
export const PasswordChangeZ = z
  .object({
    old_passwd: z
      .string({ error: PasswordMessages.oldRequired })
      .min(1, PasswordMessages.oldRequired)
      .max(128, LoginMessages.passwordTooLong),
    passwd: NewPasswordZ,
    passwd_confirmation: z
      .string({ error: PasswordMessages.confirmRequired })
      .min(1, PasswordMessages.confirmRequired)
      .refine((p) => p === '' || isStrongPassword(p), PasswordMessages.strength),
  })
  .superRefine((value, ctx) => {
    if (value.passwd && value.old_passwd && value.passwd === value.old_passwd) {
      ctx.addIssue({ code: 'custom', path: ['passwd'], message: PasswordMessages.sameAsOld });
    }
    if (value.passwd_confirmation && value.passwd !== value.passwd_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwd_confirmation'], message: PasswordMessages.mismatch });
    }
  });
export type PasswordChange = z.infer<typeof PasswordChangeZ>;

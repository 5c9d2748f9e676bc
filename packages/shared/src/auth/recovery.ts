import { z } from 'zod';
import { PasswordMessages } from './messages';
import { isStrongPassword } from './password';
import { NewPasswordZ } from './schemas';

/** Password recovery (/find-password, /reset-password, SPEC §2 and §7 /api/password/reset). */
export const RecoveryMessages = {
  accountLabel: '用户名或邮箱',
  accountRequired: '请输入用户名或邮箱',
  accountTooLong: '用户名或邮箱不能超过128个字符',
  /**
   * The one answer to every request, whether or not the account exists or has an e-mail address:
   * the page must not tell who works here.
   */
  requested: (minutes: number) =>
    `如果该账号存在且已登记邮箱，重置密码的链接已发送到该邮箱，请在${minutes}分钟内打开邮件中的链接完成重置。没有收到邮件？请检查垃圾邮件箱，或联系管理员。`,
  tooMany: (minutes: number) => `找回密码的请求过于频繁，请${minutes}分钟后再试`,
  linkMissing: '重置链接不完整，请从邮件中复制完整的链接后重试',
  linkInvalid: '重置链接无效，请重新申请找回密码',
  linkExpired: '重置链接已过期，请重新申请找回密码',
  linkUsed: '重置链接已使用或已失效，请重新申请找回密码',
  accountDisabled: '账号已停用，无法重置密码，请联系管理员',
  resetDone: '密码已重置，请使用新密码登录',
  passwordHint: '8至30位，须包含数字、小写字母、大写字母、特殊符号中的至少三种',
} as const;

export const PasswordResetRequestZ = z.object({
  account: z
    .string({ error: RecoveryMessages.accountRequired })
    .trim()
    .min(1, RecoveryMessages.accountRequired)
    .max(128, RecoveryMessages.accountTooLong),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestZ>;

/** POST /api/password/reset data (the same for every account): how long a mailed link works. */
export interface PasswordResetRequested {
  ttl_minutes: number;
}

/** The token of a reset link (GET ?token= and the PUT body). */
export const ResetTokenZ = z
  .string({ error: RecoveryMessages.linkMissing })
  .trim()
  .min(1, RecoveryMessages.linkMissing)
  .max(128, RecoveryMessages.linkInvalid);

export const PasswordResetCheckZ = z.object({ token: ResetTokenZ });

/** PUT /api/password/reset: SPEC §5 rules and messages for the new password and its confirmation. */
export const PasswordResetZ = z
  .object({
    token: ResetTokenZ,
    passwd: NewPasswordZ,
    passwd_confirmation: z
      .string({ error: PasswordMessages.confirmRequired })
      .min(1, PasswordMessages.confirmRequired)
      .refine((p) => p === '' || isStrongPassword(p), PasswordMessages.strength),
  })
  .superRefine((value, ctx) => {
    if (value.passwd_confirmation && value.passwd !== value.passwd_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwd_confirmation'], message: PasswordMessages.mismatch });
    }
  });
export type PasswordReset = z.infer<typeof PasswordResetZ>;

/** GET /api/password/reset?token= data: whether the link can still be used, and for whom. */
export type PasswordResetLink = { valid: true; username: string; name: string; expires_at: string } | { valid: false; message: string };

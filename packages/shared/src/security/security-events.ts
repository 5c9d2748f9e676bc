import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { CalendarDateZ } from '../common/validation';

/**
 * Security events (issue 11, item 8), named after the OWASP Logging Vocabulary
 * (https://cheatsheetseries.owasp.org/cheatsheets/Logging_Vocabulary_Cheat_Sheet.html), with the
 * label an administrator reads. They live in their own table, apart from the sign-in counters, so
 * that sweeping the counters never sweeps the trace.
 */
export const SECURITY_EVENTS = {
  authn_login_success: '登录成功',
  authn_login_fail: '登录失败',
  authn_login_lock: '账号锁定',
  authn_login_unlock: '账号解锁',
  authn_captcha_fail: '验证码错误',
  authn_password_change: '修改密码',
  authn_password_change_fail: '修改密码失败',
  authn_password_reset_request: '申请找回密码',
  authn_password_reset: '重置密码',
  authn_token_revoked: '注销会话',
  authz_fail: '越权访问被拒绝',
  authz_change: '权限变更',
  authz_admin: '管理员操作被拒绝',
} as const;

export type SecurityEventName = keyof typeof SECURITY_EVENTS;

/** GET /api/security/events: the filters of the 安全日志 page (sys_log). Days are Asia/Shanghai days. */
export const SecurityEventQueryZ = PageQueryZ.extend({
  event: z.enum(Object.keys(SECURITY_EVENTS) as [SecurityEventName, ...SecurityEventName[]], { error: '事件类型不存在' }).optional(),
  keyword: z.string().trim().max(64, '搜索内容不能超过64个字符').optional(),
  date_from: CalendarDateZ().optional(),
  date_to: CalendarDateZ().optional(),
}).refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: '开始日期不能晚于结束日期', path: ['date_to'] });
export type SecurityEventQuery = z.input<typeof SecurityEventQueryZ>;

/** One row of the security trace as administrators read it. */
export interface SecurityEventEntry {
  id: number;
  created_at: string;
  event: SecurityEventName;
  user_id: number | null;
  username: string;
  ip: string;
  user_agent: string;
  detail: string;
}

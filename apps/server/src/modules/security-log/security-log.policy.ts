import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/** The security trace is read by holders of the operation log's full permission, as 操作日志（全部）. */
export const SECURITY_LOG_PERMISSION = 'sys_log';

export function authorizeSecurityLog(caller: Caller): void {
  if (!caller.permissions.includes(SECURITY_LOG_PERMISSION)) throw new ForbiddenError();
}

import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who administers leave (issue 17): holders of `holiday_admin` (HR) manage the work calendar and, as they land,
 * everyone's balances. Staff read their own balance and the calendar (the leave form measures days on it).
 */
export function isHolidayAdmin(caller: Caller): boolean {
  return caller.permissions.includes('holiday_admin');
}

export function authorizeHolidayAdmin(caller: Caller): void {
  if (!isHolidayAdmin(caller)) throw new ForbiddenError();
}

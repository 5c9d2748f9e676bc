import type { AdminUser, RoleRef, UserSession } from '@osp/shared';
import type { AdminUserRow } from './admin-users.repo';

/** The fields of a user the administration page sees; never the password hash or anything else. */
export function presentAdminUser(
  row: AdminUserRow,
  roles: RoleRef[],
  access: Pick<AdminUser, 'abilities' | 'manage_blocked_reason' | 'roles_blocked_reason'>,
): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    sex: row.sex,
    dept: row.dept_id === null ? null : { id: row.dept_id, name: row.dept_name ?? '' },
    station: row.station,
    mobile: row.mobile,
    mail: row.mail,
    status: row.status,
    roles,
    created_at: row.created_at,
    ...access,
  };
}

export function presentSession(
  row: { id: number; created_at: string; last_seen_at: string; expires_at: string; ip: string; user_agent: string },
  currentSessionId: number,
): UserSession {
  return {
    id: row.id,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    ip: row.ip,
    user_agent: row.user_agent,
    is_current: row.id === currentSessionId,
  };
}

/** What the operation log keeps of a user: the administered fields, never a password or hash. */
export function loggedUser(user: {
  username: string;
  name: string;
  sex: string;
  dept_id: number | null;
  station: string;
  mobile: string;
  mail: string;
  status?: number;
}): Record<string, unknown> {
  const { username, name, sex, dept_id, station, mobile, mail, status } = user;
  return { username, name, sex, dept_id, station, mobile, mail, ...(status === undefined ? {} : { status }) };
}

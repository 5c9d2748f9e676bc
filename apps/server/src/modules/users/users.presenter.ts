import type { Person, UserProfile } from '@osp/shared';
import type { CallerUser } from '../../context';

/** The SPEC §3 user profile; only these fields leave the server. */
export function presentProfile(row: CallerUser, access: { roles: string[]; permissions: string[] }): UserProfile {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    sex: row.sex,
    dept: row.dept_name ?? '',
    dept_id: row.dept_id,
    station: row.station,
    mail: row.mail,
    mobile: row.mobile,
    phone: row.phone,
    wechat: row.wechat,
    profilePhoto: row.profile_photo,
    roles: access.roles,
    permissions: access.permissions,
  };
}

export function presentPerson(row: Person): Person {
  return { sex: row.sex, mail: row.mail, mobile: row.mobile, phone: row.phone, wechat: row.wechat };
}

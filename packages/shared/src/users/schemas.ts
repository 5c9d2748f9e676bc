import { z } from 'zod';
import { ProfileMessages } from './messages';
import { isMail, isMobile, PHONE_PATTERN, SEX_VALUES } from './rules';

/**
 * PUT /api/person. Only these five fields are taken; anything else in the body is dropped by zod's
 * default object parsing, so a user cannot set their own roles or department this way.
 */
export const PersonUpdateZ = z.object({
  sex: z.enum(SEX_VALUES, { error: ProfileMessages.sexRequired }),
  mail: z.string({ error: ProfileMessages.mailInvalid }).trim().refine(isMail, ProfileMessages.mailInvalid),
  mobile: z.string({ error: ProfileMessages.mobileInvalid }).trim().refine(isMobile, ProfileMessages.mobileInvalid),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), ProfileMessages.phoneInvalid)
    .optional()
    .default(''),
  wechat: z.string().trim().max(50, ProfileMessages.wechatInvalid).optional().default(''),
});
export type PersonUpdate = z.infer<typeof PersonUpdateZ>;

/** GET/PUT /api/person data. */
export interface Person {
  sex: string;
  mail: string;
  mobile: string;
  phone: string;
  wechat: string;
}

/** GET /api/user/profile data: SPEC §3 user profile. */
export interface UserProfile {
  id: number;
  username: string;
  name: string;
  sex: string;
  dept: string;
  dept_id: number | null;
  station: string;
  mail: string;
  mobile: string;
  phone: string;
  wechat: string;
  profilePhoto: string;
  roles: string[];
  permissions: string[];
}

export interface Dept {
  id: number;
  name: string;
  parent_id: number | null;
  leader_id: number | null;
  children: Dept[];
}

/** GET /api/depts/users: a person as user pickers show them. */
export interface DeptUser {
  id: number;
  username: string;
  name: string;
  dept_id: number | null;
  dept_name: string;
  station: string;
  mobile: string;
  profilePhoto: string;
  user_status: number;
}

export const UserStatus = { disabled: 0, active: 1 } as const;

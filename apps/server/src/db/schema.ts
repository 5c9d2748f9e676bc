import type { Generated } from 'kysely';

/**
 * Table types of the whole database. Timestamps are ISO 8601 strings on both engines (PostgreSQL
 * `timestamptz` is parsed back to ISO text in db/index.ts), flags are 0/1 integers.
 */
export interface Database {
  depts: DeptsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  menus: MenusTable;
  holiday_stats: HolidayStatsTable;
  articles: ArticlesTable;
  article_audience: ArticleAudienceTable;
  article_view_confirms: ArticleViewConfirmsTable;
  settings: SettingsTable;
  operation_logs: OperationLogsTable;
  password_resets: PasswordResetsTable;
  password_reset_requests: PasswordResetRequestsTable;
}

export interface DeptsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  leader_id: number | null;
  sort: Generated<number>;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  name: string;
  sex: Generated<string>;
  dept_id: number | null;
  station: Generated<string>;
  mail: Generated<string>;
  mobile: Generated<string>;
  phone: Generated<string>;
  wechat: Generated<string>;
  profile_photo: Generated<string>;
  status: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  key: string;
  name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  /** Idle expiry: last_seen_at + idle minutes, capped by the absolute lifetime. */
  expires_at: string;
  revoked_at: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  ip: string;
  created_at: string;
}

export interface CaptchasTable {
  captcha_key: string;
  code_hash: string;
  expires_at: string;
}

export interface MenusTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  path: string;
  type: number;
  icon: Generated<string>;
  builtin: Generated<number>;
  keep_alive: Generated<number>;
  hidden: Generated<number>;
  /** Null: every signed-in user may see it. */
  permission: string | null;
  sort: Generated<number>;
}

export interface HolidayStatsTable {
  id: Generated<number>;
  user_id: number;
  year: number;
  total_day: Generated<number>;
  used_day: Generated<number>;
  applying_day: Generated<number>;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  content: string;
  force_view: Generated<number>;
  /** 0 draft, 1 published. */
  status: Generated<number>;
  author_id: number | null;
  published_at: string | null;
  created_at: string;
}

/** Who an article is for; an article without rows here is for everyone. */
export interface ArticleAudienceTable {
  article_id: number;
  user_id: number;
}

export interface ArticleViewConfirmsTable {
  article_id: number;
  user_id: number;
  confirmed_at: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

/** One administrative change (issue 3): who, when, from which area, on what, and a before/after summary. */
export interface OperationLogsTable {
  id: Generated<number>;
  created_at: string;
  user_id: number | null;
  username: string;
  user_name: string;
  /** The Service header of the request: the first path segment of the page the change came from. */
  service: Generated<string>;
  item_type: string;
  item_id: string;
  /** create | update | delete, or a named operation such as disable or reset_password. */
  action: string;
  summary: string;
  /** JSON of the changed fields before and after; secrets are never written here. */
  before_json: string | null;
  after_json: string | null;
}

/** A single-use password-reset link: only the SHA-256 of its token is stored. */
export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  ip: Generated<string>;
}

/** One accepted request for a reset link, counted by the per-account and per-address limits. */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  /** The account as typed, lower-cased; it may name nobody. */
  account: string;
  ip: string;
  created_at: string;
}

import type { BillStatus, FlowNodeType } from '@osp/shared';
import type { Generated } from 'kysely';
import type { ActivationStatus, HistoryEntry, NodeActivation, StepRun, StepRunStatus, Task, TaskStatus } from '../flow/types';

/**
 * Table types of the whole database. Timestamps are ISO 8601 strings on both engines (PostgreSQL
 * `timestamptz` is parsed back to ISO text in db/index.ts), flags are 0/1 integers. Columns holding one of a
 * closed set of values (the approval tables' statuses and kinds) are typed as that set: the database keeps
 * text, and only the engine's own values are ever written.
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
  article_types: ArticleTypesTable;
  article_audience: ArticleAudienceTable;
  article_view_confirms: ArticleViewConfirmsTable;
  point_ledger: PointLedgerTable;
  article_audience_rules: ArticleAudienceRulesTable;
  article_views: ArticleViewsTable;
  article_files: ArticleFilesTable;
  article_reminders: ArticleRemindersTable;
  settings: SettingsTable;
  operation_logs: OperationLogsTable;
  security_events: SecurityEventsTable;
  password_resets: PasswordResetsTable;
  password_reset_requests: PasswordResetRequestsTable;
  template_groups: TemplateGroupsTable;
  templates: TemplatesTable;
  template_nodes: TemplateNodesTable;
  template_node_links: TemplateNodeLinksTable;
  template_versions: TemplateVersionsTable;
  template_favorites: TemplateFavoritesTable;
  template_starters: TemplateStartersTable;
  jobs: JobsTable;
  job_members: JobMembersTable;
  bills: BillsTable;
  bill_items: BillItemsTable;
  bill_activations: BillActivationsTable;
  bill_steps: BillStepsTable;
  bill_tasks: BillTasksTable;
  bill_events: BillEventsTable;
  bill_tracks: BillTracksTable;
  bill_shares: BillSharesTable;
  bill_box_stamps: BillBoxStampsTable;
  bill_access_logs: BillAccessLogsTable;
  bill_subjects: BillSubjectsTable;
  files: FilesTable;
  bill_files: BillFilesTable;
  bill_entrusts: BillEntrustsTable;
  notifications: NotificationsTable;
  bill_urges: BillUrgesTable;
  bill_links: BillLinksTable;
  notice_settings: NoticeSettingsTable;
  archive_counters: ArchiveCountersTable;
  surveys: SurveysTable;
  survey_versions: SurveyVersionsTable;
  survey_targets: SurveyTargetsTable;
  survey_assignments: SurveyAssignmentsTable;
  survey_drafts: SurveyDraftsTable;
  survey_responses: SurveyResponsesTable;
  survey_result_cells: SurveyResultCellsTable;
  survey_result_texts: SurveyResultTextsTable;
  work_calendar: WorkCalendarTable;
  holiday_changes: HolidayChangesTable;
  leave_types: LeaveTypesTable;
  leave_requests: LeaveRequestsTable;
  holiday_profiles: HolidayProfilesTable;
  holiday_entitlement_rules: HolidayEntitlementRulesTable;
  holiday_entitlements: HolidayEntitlementsTable;
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
  /** The address that asked for it (issue 11, item 4: creation is limited per address). */
  ip: Generated<string>;
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
  /** 0 draft, 1 published, 2 withdrawn (ArticleStatus). */
  status: Generated<number>;
  author_id: number | null;
  published_at: string | null;
  created_at: string;
  /** The article type it is filed under (migration 0022); null for none. */
  type_id: number | null;
  /** Migration 0023 (issue 15). `published_at` is the start of the publish window, `expire_at` its end (null: none). */
  summary: Generated<string>;
  cover_file_id: string | null;
  expire_at: string | null;
  is_pinned: Generated<number>;
  /** After this the forced-read gate no longer holds anyone back (null: no deadline). */
  force_deadline: string | null;
  updated_at: string | null;
}

/** 文章类型: a name unique among types and a position (10, 20, 30 …, lowest first). */
export interface ArticleTypesTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** 积分: one award or adjustment; (user_id, source_kind, source_id) is unique, so a source action awards once. */
export interface PointLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** Negative for a deduction. */
  points: number;
  reason: string;
  source_kind: string;
  /** The record that earned the points (an article); null for an adjustment. */
  source_id: number | null;
  created_at: string;
  /** The administrator who adjusted; null for an automatic award. */
  created_by: number | null;
}

/** Who an article is for; an article without rows here is for everyone. */
export interface ArticleAudienceTable {
  article_id: number;
  user_id: number;
}

/** Departments (with their sub-departments) and roles an article is for (migration 0023); people are article_audience. */
export interface ArticleAudienceRulesTable {
  article_id: number;
  kind: 'dept' | 'role';
  ref_id: number;
}

/** Who opened an article (GET /api/employ/article/{id}), first and last time and how often (migration 0023). */
export interface ArticleViewsTable {
  article_id: number;
  user_id: number;
  first_viewed_at: string;
  last_viewed_at: string;
  view_count: Generated<number>;
}

/** The files an article names: images of its text, its cover, its 附件 (migration 0025); replaced on every save. */
export interface ArticleFilesTable {
  article_id: number;
  file_id: string;
  kind: 'content' | 'cover' | 'attachment';
  /** The order of the 附件 (and of the images in the text). */
  position: Generated<number>;
}

/** One 提醒 of an article per Asia/Shanghai day (migration 0025); (article_id, day) is the key that makes it once. */
export interface ArticleRemindersTable {
  article_id: number;
  /** YYYY-MM-DD. */
  day: string;
  reminded_by: number;
  reminded_at: string;
  /** How many people it told. */
  user_count: number;
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

/** One security event (issue 11): who, from where, when; never a password or token. */
export interface SecurityEventsTable {
  id: Generated<number>;
  created_at: string;
  /** An OWASP Logging Vocabulary name (packages/shared SECURITY_EVENTS). */
  event: string;
  user_id: number | null;
  username: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** What was refused or changed, in words; user-entered text is stored as text. */
  detail: Generated<string>;
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
  /** The address the link was mailed to: it works only while the account's mail is still that. */
  sent_to: Generated<string>;
}

/** One accepted request for a reset link, counted by the per-account and per-address limits. */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  /** The account as typed, lower-cased; it may name nobody. */
  account: string;
  ip: string;
  created_at: string;
}

// ---------- approval (issue 4, migration 0006-approval) ----------

export interface TemplateGroupsTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: string;
}

export interface TemplatesTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  description: Generated<string>;
  icon: Generated<string>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  is_iptv: Generated<number>;
  sort: Generated<number>;
  /** JSON FormSchema. */
  form_schema: string;
  /** JSON FlowSettings of the working flow; null until a flow is saved. */
  flow_settings: string | null;
  /** The published version new bills pin. */
  current_version_id: number | null;
  /** The module that starts this template's bills (migration 0035): 'leave' for 请假; null for everyone's templates. */
  subject_kind: Generated<string | null>;
  version_no: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TemplateNodesTable {
  id: Generated<number>;
  template_id: number;
  node_key: string;
  type: FlowNodeType;
  name: string;
  /** JSON StepDef[]. */
  steps_json: string;
  /** A change node's field permissions, JSON `{ [fieldKey]: FieldAccess }`; null on other nodes (migration 0021). */
  field_access_json: string | null;
  sort: Generated<number>;
}

export interface TemplateNodeLinksTable {
  id: Generated<number>;
  template_id: number;
  from_key: string;
  to_key: string;
  priority: Generated<number>;
  is_default: Generated<number>;
  /** JSON RuleGroup. */
  rules_json: string;
}

/** Immutable snapshot of a published template: never updated once written. */
export interface TemplateVersionsTable {
  id: Generated<number>;
  template_id: number;
  version_no: number;
  name: string;
  form_schema: string;
  /** JSON FlowGraph. */
  flow: string;
  created_at: string;
}

/** One person told of one change (migration 0016, modules/notifications). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** NoticeKind of packages/shared: task, result, share, urge, tracked. */
  kind: string;
  bill_id: number | null;
  /** The article it tells of (提醒, migration 0029); no foreign key, see the migration. */
  article_id: Generated<number | null>;
  actor_id: number | null;
  detail: string | null;
  created_at: string;
  read_at: string | null;
  /** What became of its e-mail (migration 0019): null while undecided, then NoticeMailState. */
  mail_state: string | null;
}

/** A person's notification preferences (migration 0019); no row: the defaults (mail on). */
export interface NoticeSettingsTable {
  user_id: number;
  mail_off: number;
  updated_at: string;
}

/** A 催办 of a bill's current handlers by its initiator (migration 0016). */
export interface BillUrgesTable {
  id: Generated<number>;
  bill_id: number;
  urged_by: number;
  urged_at: string;
  handler_count: number;
}

/** A user following a bill (migration 0007). */
export interface BillTracksTable {
  user_id: number;
  bill_id: number;
  created_at: string;
}

/** The business object another module started a bill for (migration 0012, bills.approvals.ts). */
export interface BillSubjectsTable {
  bill_id: number;
  kind: string;
  subject_id: number;
}

/** A bill shared with a user, who may then read it (migration 0007); `ignored_at`: taken out of their 抄送我的 (0013). */
/** 关联审批: `bill_id` links to `related_id`, both of one initiator (migration 0018, bills.related.ts). */
export interface BillLinksTable {
  bill_id: number;
  related_id: number;
  linked_by: number;
  created_at: string;
}

/**
 * A person's stamp, moved by triggers whenever their 待办 box or dashboard counts may have changed; row 0 moves with
 * the names every list shows (migration 0039, modules/bills/bills.box-cache.ts). Written by the database only.
 */
export interface BillBoxStampsTable {
  user_id: number;
  /** A counter; PostgreSQL's bigint comes back as text. */
  stamp: number | string;
}

export interface BillSharesTable {
  bill_id: number;
  user_id: number;
  shared_by: number;
  created_at: string;
  ignored_at: string | null;
  /** When the user first opened the bill after this share (待阅 while null; migration 0014). */
  read_at: string | null;
}

/** One open of a bill's detail by someone other than its initiator (migration 0015, bills.access-log.ts). */
export interface BillAccessLogsTable {
  id: Generated<number>;
  bill_id: number;
  user_id: number;
  /** The reader's department when they opened the bill. */
  dept_name: string | null;
  opened_at: string;
  /** Minutes since 1970 (UTC) of `opened_at`: with bill and user, the unique key that makes one instant one row. */
  opened_minute: number;
  ip: string;
  user_agent: string;
}

/** Who may start bills from a template (migration 0010); a template without rows is open to everyone. */
export interface TemplateStartersTable {
  template_id: number;
  /** 'dept' (that department and those below it), 'role' or 'user'. */
  kind: 'dept' | 'role' | 'user';
  ref_id: number;
}

export interface TemplateFavoritesTable {
  user_id: number;
  template_id: number;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface JobMembersTable {
  uuid: string;
  job_id: number;
  user_id: number;
  /** JSON number[]; [] covers every department. */
  dept_ids: string;
  created_at: string;
}

export interface BillsTable {
  id: Generated<number>;
  template_id: number;
  template_version_id: number | null;
  title: string;
  initiator_id: number;
  dept_id: number | null;
  status: BillStatus;
  form_json: string;
  chosen_json: string;
  route_json: string;
  rejected_node_id: string | null;
  current_node_name: string | null;
  version: Generated<number>;
  client_key: string | null;
  created_at: string;
  updated_at: string;
  released_at: string | null;
  finished_at: string | null;
  /** 归档编号, set when the bill first passes an archive node (migration 0020). */
  archive_no: string | null;
  archived_at: string | null;
}

/** The last archive number handed out in each year (migration 0020). */
export interface ArchiveCountersTable {
  year: number;
  last: number;
}

export interface BillItemsTable {
  id: Generated<number>;
  bill_id: number;
  field: string;
  seq: number;
  data_json: string;
}

export interface BillActivationsTable {
  id: string;
  bill_id: number;
  node_id: string;
  cause: NodeActivation['cause'];
  status: ActivationStatus;
  entered_at: string;
  left_at: string | null;
}

export interface BillStepsTable {
  id: string;
  bill_id: number;
  activation_id: string;
  step_id: string;
  name: string;
  type: StepRun['type'];
  idx: number;
  status: StepRunStatus;
  ended_at: string | null;
}

export interface BillTasksTable {
  id: string;
  bill_id: number;
  step_run_id: string;
  activation_id: string;
  original_handler: number;
  acting_handler: number;
  on_behalf_of: number | null;
  via: Task['via'];
  transferred_from: string | null;
  ord: number;
  status: TaskStatus;
  comment: string | null;
  created_at: string;
  decided_at: string | null;
  is_auto: number;
}

export interface BillEventsTable {
  bill_id: number;
  seq: number;
  at: string;
  actor: number | null;
  action: HistoryEntry['action'];
  node_id: string | null;
  step_run_id: string | null;
  task_id: string | null;
  on_behalf_of: number | null;
  to_user: number | null;
  comment: string | null;
  before_status: BillStatus;
  after_status: BillStatus;
  /** `change` entries: the fields edited, old → new (`BillFieldChange[]` as JSON; migration 0021). */
  changes_json: string | null;
}

export interface BillEntrustsTable {
  id: Generated<number>;
  user_id: number;
  delegate_id: number;
  /** JSON number[]; [] covers every template. */
  template_ids: string;
  start_at: string;
  end_at: string;
  reason: Generated<string>;
  created_at: string;
}

// ---------- files (migration 0008-files, docs/files.md) ----------

/** An uploaded file; its bytes are at `<uploadsDir>/<storage_path>`, exactly as uploaded. */
export interface FilesTable {
  /** Random base64url text, unguessable; what a bill's attachment field holds. */
  id: string;
  /** The uploader's file name, cleaned of paths and control characters. */
  name: string;
  size: number;
  /** Sniffed from the bytes; application/octet-stream when the content says nothing. */
  mime: string;
  sha256: string;
  storage_path: string;
  /** Null for a file uploaded through a survey's public link (migration 0041): nobody was signed in. */
  uploader_id: number | null;
  created_at: string;
  /** The survey whose public link took the file (migration 0041); null for a signed-in upload. */
  share_survey_id: number | null;
  /** The public response that answers with the file (claimed once, migration 0041); null until then. */
  response_id: number | null;
}

/** A bill whose form names a file (replaced on every save of the form). */
export interface BillFilesTable {
  bill_id: number;
  file_id: string;
}

/** A survey's working copy (migration 0030, modules/surveys). */
export interface SurveysTable {
  id: Generated<number>;
  /** SurveyKind: 'survey' or 'evaluation' (评价). */
  kind: Generated<string>;
  name: string;
  description: Generated<string>;
  /** SurveyStatus: 0 未发布, 1 收集中, 2 已结束. */
  status: Generated<number>;
  deadline: string | null;
  /** JSON SurveyDefinition: what the designer edits; released copies live in survey_versions. */
  definition: string;
  /** The version released last; null until the first release. */
  version_id: number | null;
  released_at: string | null;
  /** The public results link's secret and its end (null: no public results). */
  result_token: string | null;
  result_token_expires_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** An immutable released definition (migration 0030). */
export interface SurveyVersionsTable {
  id: Generated<number>;
  survey_id: number;
  version_no: number;
  definition: string;
  created_by: number | null;
  created_at: string;
}

/** Whom a survey is for, before release resolves it (migration 0030). */
export interface SurveyTargetsTable {
  survey_id: number;
  /** 'dept' (with sub-departments), 'role' or 'user'. */
  kind: string;
  ref_id: number;
  /** 1: an exclusion. */
  exclude: Generated<number>;
}

/** One person asked (and, for an evaluation, about whom: ratee_id; 0 for a survey) (migration 0030). */
export interface SurveyAssignmentsTable {
  id: Generated<number>;
  survey_id: number;
  user_id: number;
  ratee_id: Generated<number>;
  /** 'pending', 'draft' or 'submitted'. */
  state: Generated<string>;
  assigned_at: string;
  /** Null for an anonymous survey. */
  submitted_at: string | null;
  reminded_at: string | null;
  remind_count: Generated<number>;
}

/** A person's unfinished answers (migration 0030). */
export interface SurveyDraftsTable {
  survey_id: number;
  user_id: number;
  ratee_id: Generated<number>;
  version_id: number;
  /** JSON SurveyAnswers. */
  answers: string;
  updated_at: string;
}

/** A submitted response (migration 0030); user_id is null when the survey is anonymous or filled publicly. */
export interface SurveyResponsesTable {
  id: Generated<number>;
  survey_id: number;
  version_id: number;
  user_id: number | null;
  ratee_id: Generated<number>;
  /** Set when the survey allows one response per person; unique per survey. */
  once_key: string | null;
  respondent_name: string | null;
  dept_id: number | null;
  /** JSON SurveyAnswers, the clean answers validateSubmission returned. */
  answers: string;
  duration_seconds: number | null;
  submitted_at: string;
  updated_at: string;
}

/** A survey's results as counters: the answers counted in one cell and the sum of their values (migration 0040). */
export interface SurveyResultCellsTable {
  survey_id: number;
  question_id: string;
  /** packages/shared survey-tally.ts names the cells. */
  cell: string;
  ratee_id: number;
  n: number;
  total: number;
}

/** A text, long-text or date answer, for the results' latest texts (migration 0040). */
export interface SurveyResultTextsTable {
  survey_id: number;
  question_id: string;
  response_id: number;
  ratee_id: number;
  text: string;
  submitted_at: string;
}

/** A day that differs from Monday to Friday (migration 0032, modules/holiday): a holiday or a make-up workday. */
export interface WorkCalendarTable {
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: string;
  /** WorkCalendarKind: 'holiday' or 'workday'. */
  kind: string;
  name: Generated<string>;
  updated_at: string;
  updated_by: number | null;
}

/** One HR adjustment of a leave balance (migration 0033). */
export interface HolidayChangesTable {
  id: Generated<number>;
  user_id: number;
  year: number;
  delta: number;
  total_before: number;
  total_after: number;
  reason: string;
  changed_by: number | null;
  changed_at: string;
}

/** A leave type and its rules (migration 0035). Flags are 1/0. */
export interface LeaveTypesTable {
  id: Generated<number>;
  name: string;
  counts_balance: number;
  half_day: number;
  attachment_over_days: number | null;
  enabled: Generated<number>;
  sort: Generated<number>;
}

/** A leave request; its status follows its 请假 bill (migration 0035, docs/holiday.md "Leave"). */
export interface LeaveRequestsTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  year: number;
  start_day: string;
  /** HalfDay. */
  start_half: string;
  end_day: string;
  end_half: string;
  days: number;
  counts_balance: number;
  reason: string;
  /** LeaveStatus. */
  status: string;
  bill_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A person's 参加工作日期 for the yearly entitlement (migration 0038, docs/holiday.md "Yearly entitlement"). */
export interface HolidayProfilesTable {
  user_id: number;
  /** YYYY-MM-DD or null. */
  work_start_day: string | null;
  updated_at: string;
  updated_by: number | null;
}

/** The one row (id 1) of the yearly entitlement's rules (migration 0038). */
export interface HolidayEntitlementRulesTable {
  id: number;
  /** JSON HolidayTier[]. */
  tiers: string;
  carry_max_days: number;
  /** MM-DD. */
  carry_until: string;
  updated_at: string | null;
  updated_by: number | null;
}

/** What the yearly entitlement granted a person for a year, and the expiry of its carry-over (migration 0038). */
export interface HolidayEntitlementsTable {
  user_id: number;
  year: number;
  statutory_day: number;
  carried_day: number;
  carry_expires_on: string | null;
  carry_expired_day: number | null;
  carry_expired_at: string | null;
  granted_at: string;
  granted_by: number | null;
}

import {
  AdminUserFilterZ,
  isMail,
  isMobile,
  isValidUsername,
  ProfileMessages,
  StatusCode,
  toFieldErrors,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  UserImportMessages,
  UserImportOptionsZ,
  UserStatusLabels,
  SEX_LABELS,
  AdminUserMessages,
  GrantMessages,
  type FieldErrors,
  type Sex,
  type UserImportResult,
  type UserImportRowError,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { AppError, ForbiddenError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { lackedPermissions } from '../admin-org/grants.policy';
import { hashPassword } from '../../lib/passwords';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeUserAdmin } from './admin-users.policy';
import { loggedUser } from './admin-users.presenter';
import * as repo from './admin-users.repo';
import { recordSecurityEvent } from '../security-log/security-log.service';
import { toRepoFilter, userLabel, withRoles } from './admin-users.service';
import { loadDeptIndex, type DeptIndex } from '../directory/dept-index';
import { assertSafeXlsx } from '../../lib/xlsx-guard';
import { readUserSheet, writeImportTemplate, writeSheet, type SheetRow } from './user-xlsx';

/** What the route read from the multipart upload. */
export interface ImportUpload {
  file?: Buffer;
  isFileTooLarge: boolean;
  fields: Record<string, string>;
}

export interface XlsxFile {
  filename: string;
  asciiFilename: string;
  content: Buffer;
}

/** An export holds at most this many users; a larger one asks for a narrower filter. */
const EXPORT_MAX_ROWS = 50_000;

export async function importTemplate(caller: Caller): Promise<XlsxFile> {
  authorizeUserAdmin(caller);
  return { filename: '用户导入模板.xlsx', asciiFilename: 'user-import-template.xlsx', content: await writeImportTemplate() };
}

function sexOf(text: string): Sex | undefined {
  if (text === '男' || text === '1') return '1';
  if (text === '女' || text === '2') return '2';
  return undefined;
}

interface ValidRow {
  row: number;
  username: string;
  name: string;
  sex: Sex;
  dept_id: number;
  station: string;
  mobile: string;
  mail: string;
  roleIds: number[];
}

/**
 * Checks every row against the same rules as the create dialog; collects every problem of every row.
 * A row naming roles that carry permissions the importer lacks is one of them (grants.policy), and
 * `lacked` gathers those permissions over the whole file for the refusal's message.
 */
async function checkRows(ctx: AppContext, caller: Caller, rows: SheetRow[], depts: DeptIndex) {
  const roles = await repo.listRoles(ctx.db);
  const carried = await repo.permissionsOfRoles(
    ctx.db,
    roles.map((r) => r.id),
  );
  const lacked = new Set<string>();
  const roleByName = new Map<string, number>();
  for (const role of roles) {
    roleByName.set(role.name, role.id);
    roleByName.set(role.key, role.id);
  }
  const taken = await repo.takenUsernames(ctx.db, rows.map((r) => r.cells.username).filter(isValidUsername));
  const firstRowOf = new Map<string, number>();
  const problems: UserImportRowError[] = [];
  const valid: ValidRow[] = [];

  for (const { row, cells } of rows) {
    const messages: string[] = [];
    const { username, name, station, mobile, mail } = cells;
    if (username === '') messages.push(AdminUserMessages.usernameRequired);
    else if (!isValidUsername(username)) messages.push(AdminUserMessages.usernameInvalid);
    else if (firstRowOf.has(username)) messages.push(UserImportMessages.usernameDuplicateInFile(username, firstRowOf.get(username) ?? 0));
    else if (taken.has(username)) messages.push(UserImportMessages.usernameExists(username));
    if (username !== '' && !firstRowOf.has(username)) firstRowOf.set(username, row);

    if (name === '') messages.push(AdminUserMessages.nameRequired);
    else if ([...name].length > 64) messages.push(AdminUserMessages.nameTooLong);
    const sex = sexOf(cells.sex);
    if (!sex) messages.push(UserImportMessages.sexInvalid);

    let deptId: number | undefined;
    if (cells.dept === '') messages.push(UserImportMessages.deptRequired);
    else {
      const matches = depts.resolve(cells.dept);
      if (matches.length === 0) messages.push(UserImportMessages.deptUnknown(cells.dept));
      else if (matches.length > 1) messages.push(UserImportMessages.deptAmbiguous(cells.dept));
      else deptId = matches[0];
    }
    if ([...station].length > 100) messages.push(AdminUserMessages.stationTooLong);
    if (mobile === '') messages.push(ProfileMessages.mobileRequired);
    else if (!isMobile(mobile)) messages.push(ProfileMessages.mobileInvalid);
    if (!isMail(mail)) messages.push(ProfileMessages.mailInvalid);

    const roleIds = new Set<number>();
    for (const roleName of cells.roles
      .split(/[、,，;；]/)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const id = roleByName.get(roleName);
      if (id === undefined) messages.push(UserImportMessages.roleUnknown(roleName));
      else roleIds.add(id);
    }
    const missing = lackedPermissions(
      caller,
      [...roleIds].flatMap((id) => carried.get(id) ?? []),
    );
    if (missing.length > 0) {
      messages.push(GrantMessages.rowCannotGrant(missing));
      for (const permission of missing) lacked.add(permission);
    }

    if (messages.length > 0 || !sex || deptId === undefined) problems.push({ row, messages });
    else valid.push({ row, username, name, sex, dept_id: deptId, station, mobile, mail, roleIds: [...roleIds] });
  }
  const roleKeys = new Map(roles.map((r) => [r.id, r.key]));
  return { problems, valid, lacked: [...lacked], roleKeys };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Imports users from an xlsx file, all or nothing: every row is checked first, and any problem
 * anywhere answers every bad row's number and reasons with nothing written. Valid files are
 * written in one transaction. Every imported user gets the one initial password given with the
 * upload (docs/admin-users.md explains why one, hashed once).
 */
export async function importUsers(ctx: AppContext, actor: Actor, readUpload: () => Promise<ImportUpload>): Promise<UserImportResult> {
  authorizeUserAdmin(actor.caller);
  const upload = await readUpload();

  const errors: FieldErrors = {};
  const options = UserImportOptionsZ.safeParse(upload.fields);
  if (!options.success) Object.assign(errors, toFieldErrors(options.error));
  if (upload.isFileTooLarge) errors.file = [UserImportMessages.tooLarge(USER_IMPORT_MAX_BYTES)];
  else if (!upload.file || upload.file.length === 0) errors.file = [UserImportMessages.fileRequired];
  if (Object.keys(errors).length > 0 || !options.success || !upload.file) throw new ValidationError(errors);

  await assertSafeXlsx(upload.file);
  const sheetRows = await readUserSheet(upload.file);
  const depts = await loadDeptIndex(ctx);
  const { problems, valid, lacked, roleKeys } = await checkRows(ctx, actor.caller, sheetRows, depts);
  if (problems.length > 0) {
    const details = { errors: { file: [UserImportMessages.failed(problems.length)] }, rows: problems };
    // Importing users with roles grants those roles: a file granting more than the importer holds is a
    // refusal (403, traced as authz_fail) that still lists every bad row, not a mere invalid file.
    if (lacked.length > 0) throw new ForbiddenError(GrantMessages.cannotGrant(lacked), details);
    throw new AppError(StatusCode.invalid, UserImportMessages.failed(problems.length), details);
  }

  const passwordHash = await hashPassword(options.data.passwd);
  const now = new Date().toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const ids = await repo.insertUsers(
        trx,
        valid.map((r) => ({
          username: r.username,
          name: r.name,
          sex: r.sex,
          dept_id: r.dept_id,
          station: r.station,
          mobile: r.mobile,
          mail: r.mail,
          password_hash: passwordHash,
          status: 1,
          created_at: now,
          updated_at: now,
        })),
      );
      await repo.insertUserRoles(
        trx,
        valid.flatMap((r, index) => r.roleIds.map((roleId) => ({ user_id: ids[index] ?? 0, role_id: roleId }))),
      );
      for (const [index, r] of valid.entries()) {
        await recordOperation(trx, actor, {
          itemType: 'user',
          itemId: ids[index] ?? 0,
          action: 'import',
          summary: `导入用户 ${userLabel(r)}（第${r.row}行）`,
          after: { ...loggedUser({ ...r, status: 1 }), role_ids: r.roleIds },
        });
        if (r.roleIds.length > 0) {
          await recordSecurityEvent(trx, {
            event: 'authz_change',
            userId: ids[index] ?? null,
            username: r.username,
            ...(actor.client ? { client: actor.client } : {}),
            detail: `${actor.caller.username}：导入用户并授予角色 ${r.roleIds.map((id) => roleKeys.get(id) ?? id).join(',')}`,
          });
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.conflict, UserImportMessages.raced);
    throw error;
  }
  return { imported: valid.length };
}

function shanghaiDate(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
}

/** The users of the current filter as an xlsx file whose first columns are the import template's. */
export async function exportUsers(ctx: AppContext, caller: Caller, query: unknown): Promise<XlsxFile> {
  authorizeUserAdmin(caller);
  const filter = parse(AdminUserFilterZ, query);
  const depts = await loadDeptIndex(ctx);
  const rows = await repo.listUsers(ctx.db, toRepoFilter(filter, depts), EXPORT_MAX_ROWS);
  const users = await withRoles(ctx, caller, rows);
  const headers = [...USER_IMPORT_COLUMNS.map((c) => c.header), '状态'];
  const content = await writeSheet(
    '用户列表',
    headers,
    users.map((u) => [
      u.username,
      u.name,
      SEX_LABELS[u.sex as Sex] ?? '',
      u.dept ? depts.path(u.dept.id) || u.dept.name : '',
      u.station,
      u.mobile,
      u.mail,
      u.roles.map((r) => r.name).join('、'),
      UserStatusLabels[u.status] ?? String(u.status),
    ]),
  );
  const date = shanghaiDate();
  return { filename: `用户列表_${date}.xlsx`, asciiFilename: `users_${date}.xlsx`, content };
}

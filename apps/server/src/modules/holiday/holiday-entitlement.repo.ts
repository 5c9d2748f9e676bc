import { engineOf, type Db } from '../../db/index';

/**
 * SQL of the yearly entitlement (holiday-entitlement.service.ts, holiday-entitlement-expiry.service.ts). Balances are
 * changed through holiday-admin.repo's conditional `addToTotal` and kept in the history by holiday-import.repo's
 * `insertChanges`, as every other writer of totals does.
 */

const RULES_ID = 1;

export function findRules(db: Db) {
  return db
    .selectFrom('holiday_entitlement_rules as r')
    .leftJoin('users as by', 'by.id', 'r.updated_by')
    .select(['r.tiers', 'r.carry_max_days', 'r.carry_until', 'r.updated_at', 'by.name as updated_by_name'])
    .where('r.id', '=', RULES_ID)
    .executeTakeFirst();
}

/**
 * Takes the rules row's lock until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time):
 * every run that grants or expires days takes it first, so two runs never overlap, and rules saved meanwhile wait.
 */
export async function lockRules(db: Db): Promise<void> {
  const query = db.selectFrom('holiday_entitlement_rules').select('id').where('id', '=', RULES_ID);
  await (engineOf(db) === 'postgres' ? query.forUpdate() : query).execute();
}

export async function saveRules(
  db: Db,
  rules: { tiers: string; carry_max_days: number; carry_until: string },
  updatedBy: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('holiday_entitlement_rules')
    .values({ id: RULES_ID, ...rules, updated_at: at, updated_by: updatedBy })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...rules, updated_at: at, updated_by: updatedBy }))
    .execute();
}

export function findActivePerson(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('holiday_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.name', 'p.work_start_day'])
    .where('u.id', '=', userId)
    .where('u.status', '=', 1)
    .executeTakeFirst();
}

export async function saveProfile(db: Db, userId: number, workStartDay: string | null, updatedBy: number, at: string): Promise<void> {
  const values = { work_start_day: workStartDay, updated_at: at, updated_by: updatedBy };
  await db
    .insertInto('holiday_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * Every active person with what the entitlement of `year` reads: 参加工作日期, the balances of the year and of the
 * year before (null columns: no row), and what an earlier run granted for the year. By department, then person.
 */
export function entitlementPeople(db: Db, year: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .leftJoin('holiday_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('holiday_stats as h', (join) => join.onRef('h.user_id', '=', 'u.id').on('h.year', '=', year))
    .leftJoin('holiday_stats as hp', (join) => join.onRef('hp.user_id', '=', 'u.id').on('hp.year', '=', year - 1))
    .leftJoin('holiday_entitlements as e', (join) => join.onRef('e.user_id', '=', 'u.id').on('e.year', '=', year))
    .select([
      'u.id as user_id',
      'u.username',
      'u.name',
      'd.name as dept_name',
      'p.work_start_day',
      'h.total_day',
      'h.used_day',
      'h.applying_day',
      'hp.total_day as previous_total_day',
      'hp.used_day as previous_used_day',
      'hp.applying_day as previous_applying_day',
      'e.statutory_day',
      'e.carried_day',
      'e.carry_expires_on',
      'e.carry_expired_at',
    ])
    .where('u.status', '=', 1)
    .orderBy('d.sort')
    .orderBy('u.id')
    .execute();
}

/**
 * PostgreSQL: takes the locks of every balance row of these years, in one order (person, year) as the import does,
 * until the transaction ends — leave moving days meanwhile waits, and what is read next is what the updates replace.
 */
export async function lockStatsOfYears(db: Db, years: readonly number[]): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await db
    .selectFrom('holiday_stats')
    .select('id')
    .where('year', 'in', [...years])
    .orderBy('user_id')
    .orderBy('year')
    .forUpdate()
    .execute();
}

export interface GrantRow {
  userId: number;
  year: number;
  statutory: number;
  carried: number;
  carryExpiresOn: string | null;
}

export async function saveGrant(db: Db, grant: GrantRow, grantedBy: number, at: string): Promise<void> {
  const values = {
    statutory_day: grant.statutory,
    carried_day: grant.carried,
    carry_expires_on: grant.carryExpiresOn,
    granted_at: at,
    granted_by: grantedBy,
  };
  await db
    .insertInto('holiday_entitlements')
    .values({ user_id: grant.userId, year: grant.year, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doUpdateSet(values))
    .execute();
}

/** The carry-overs of a year (active people), with the balance they sit in. */
export function carriesOfYear(db: Db, year: number) {
  return db
    .selectFrom('holiday_entitlements as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .leftJoin('holiday_stats as h', (join) => join.onRef('h.user_id', '=', 'e.user_id').onRef('h.year', '=', 'e.year'))
    .select([
      'e.user_id',
      'u.username',
      'u.name',
      'd.name as dept_name',
      'e.carried_day',
      'e.carry_expires_on',
      'e.carry_expired_day',
      'e.carry_expired_at',
      'h.total_day',
      'h.used_day',
      'h.applying_day',
    ])
    .where('e.year', '=', year)
    .where('e.carried_day', '>', 0)
    .where('e.carry_expires_on', 'is not', null)
    .where('u.status', '=', 1)
    .orderBy('d.sort')
    .orderBy('u.id')
    .execute();
}

/** Marks a carry-over expired, once: whether this call did it. */
export async function markCarryExpired(db: Db, userId: number, year: number, expired: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('holiday_entitlements')
    .set({ carry_expired_day: expired, carry_expired_at: at })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('carry_expired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

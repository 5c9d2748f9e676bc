import type { NoticeState } from '@osp/shared';
import type { Db } from '../../db/index';

/** The notifications table (migration 0016): the only code that reads or writes it. */

export interface NewNotice {
  user_id: number;
  kind: string;
  bill_id: number | null;
  article_id: number | null;
  actor_id: number | null;
  detail: string | null;
  created_at: string;
}

export async function insertNotices(db: Db, rows: readonly NewNotice[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values([...rows])
    .execute();
}

function ofUser(db: Db, userId: number, state: NoticeState | undefined) {
  return db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', userId)
    .$if(state !== undefined, (qb) => qb.where('n.read_at', state === 'unread' ? 'is' : 'is not', null));
}

/** One page of a user's notifications, newest first, with the bill's title and the actor's name. */
export function pageOfUser(db: Db, userId: number, state: NoticeState | undefined, limit: number, offset: number) {
  return ofUser(db, userId, state)
    .leftJoin('bills as b', 'b.id', 'n.bill_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.bill_id',
      'n.article_id',
      'n.detail',
      'n.created_at',
      'n.read_at',
      'b.title as bill_title',
      'b.status as bill_status',
      'a.name as actor_name',
    ])
    .orderBy('n.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOfUser(db: Db, userId: number, state: NoticeState | undefined): Promise<number> {
  const row = await ofUser(db, userId, state)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; answers whether it is theirs (read before or now). */
export async function markRead(db: Db, userId: number, id: number, at: string): Promise<boolean> {
  const own = await db.selectFrom('notifications').select('read_at').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!own) return false;
  if (own.read_at === null) {
    await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).where('read_at', 'is', null).execute();
  }
  return true;
}

export async function markAllRead(db: Db, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the person turned e-mail notifications off; no row is the default, on. */
export async function isMailOff(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('notice_settings').select('mail_off').where('user_id', '=', userId).executeTakeFirst();
  return row?.mail_off === 1;
}

export async function setMailOff(db: Db, userId: number, off: boolean, at: string): Promise<void> {
  await db
    .insertInto('notice_settings')
    .values({ user_id: userId, mail_off: off ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ mail_off: off ? 1 : 0, updated_at: at }))
    .execute();
}

/** The oldest notifications whose mail is still undecided. */
export async function undecidedMailIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('notifications').select('id').where('mail_state', 'is', null).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Takes one undecided notification for this dispatcher; false when another one took it first. */
export async function claimMail(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ mail_state: 'sending' })
    .where('id', '=', id)
    .where('mail_state', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a mail of a claimed notification needs: the person, their preference, the bill and the actor. */
export function mailOf(db: Db, id: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('notice_settings as s', 's.user_id', 'n.user_id')
    .leftJoin('bills as b', 'b.id', 'n.bill_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.bill_id',
      'n.detail',
      'n.created_at',
      'n.read_at',
      'u.name as user_name',
      'u.mail',
      'u.status as user_status',
      's.mail_off',
      'b.title as bill_title',
      'b.status as bill_status',
      'a.name as actor_name',
    ])
    .where('n.id', '=', id)
    .executeTakeFirst();
}

export async function setMailState(db: Db, id: number, state: string): Promise<void> {
  await db.updateTable('notifications').set({ mail_state: state }).where('id', '=', id).execute();
}

/**
 * Claims left by a server that stopped mid-send: its mail may or may not have gone out, so they are marked failed
 * rather than sent again (a notice is never mailed twice).
 */
export async function failStaleClaims(db: Db): Promise<void> {
  await db.updateTable('notifications').set({ mail_state: 'failed' }).where('mail_state', '=', 'sending').execute();
}

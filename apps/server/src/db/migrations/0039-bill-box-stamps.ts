import { sql, type Kysely } from 'kysely';
import type { Engine } from '../index';

/**
 * A stamp per person that moves whenever something their 待办 box or their dashboard counts show may have changed
 * (issue 13: the todo page's answer is kept per person until their stamp moves; modules/bills/bills.box-cache.ts).
 *
 * The database moves it, by triggers, so no writer can forget and every server process sees it (DESIGN §9):
 * - a task: its acting handler, before and after (the todo box, the 已办 count);
 * - a bill: its initiator, before and after (我的 counts), and everyone with a pending task on it (the row they see);
 * - a share: the person it was shared with (抄送未读);
 * - the name of a template, a person or a department: row 0, which every stamp is read together with.
 *
 * SQLite has one writer at a time: each trigger bumps the row at once. PostgreSQL runs writers side by side, and two
 * transactions bumping the same two people in opposite orders would deadlock on the rows; so each trigger only notes
 * the person in a transaction-local setting, and a deferred trigger bumps them all just before the commit, in user id
 * order (one order for every transaction: no deadlock; each row is held only for the commit).
 */
const TABLE = 'bill_box_stamps';

/** SQLite: the bump of one person, as a trigger's statement. */
function bump(who: string): string {
  return `insert into ${TABLE} (user_id, stamp) values (${who}, 1) on conflict (user_id) do update set stamp = ${TABLE}.stamp + 1;`;
}

const PENDING_ON_BILL = (bill: string) =>
  `insert into ${TABLE} (user_id, stamp) select distinct acting_handler, 1 from bill_tasks where bill_id = ${bill} and status = 'pending' ` +
  `on conflict (user_id) do update set stamp = ${TABLE}.stamp + 1;`;

const SQLITE_TRIGGERS: Record<string, string> = {
  bill_box_task_insert: `after insert on bill_tasks begin ${bump('new.acting_handler')} end`,
  bill_box_task_update: `after update on bill_tasks begin ${bump('old.acting_handler')} ${bump('new.acting_handler')} end`,
  bill_box_task_delete: `after delete on bill_tasks begin ${bump('old.acting_handler')} end`,
  bill_box_bill_insert: `after insert on bills begin ${bump('new.initiator_id')} end`,
  bill_box_bill_update: `after update on bills begin ${bump('old.initiator_id')} ${bump('new.initiator_id')} ${PENDING_ON_BILL('new.id')} end`,
  bill_box_bill_delete: `after delete on bills begin ${bump('old.initiator_id')} ${PENDING_ON_BILL('old.id')} end`,
  bill_box_share_insert: `after insert on bill_shares begin ${bump('new.user_id')} end`,
  bill_box_share_update: `after update on bill_shares begin ${bump('old.user_id')} ${bump('new.user_id')} end`,
  bill_box_share_delete: `after delete on bill_shares begin ${bump('old.user_id')} end`,
  bill_box_template_name: `after update of name on templates begin ${bump('0')} end`,
  bill_box_user_name: `after update of name on users begin ${bump('0')} end`,
  bill_box_dept_name: `after update of name on depts begin ${bump('0')} end`,
};

/** PostgreSQL: the tables and events noted, each with a deferred flush of its own (a transaction may write one alone). */
const PG_EVENTS: Record<string, string> = {
  bill_tasks: 'insert or update or delete',
  bills: 'insert or update or delete',
  bill_shares: 'insert or update or delete',
  templates: 'update of name',
  users: 'update of name',
  depts: 'update of name',
};

const PG_NOTE = `
create function bill_box_note() returns trigger language plpgsql as $fn$
declare
  people integer[];
  noted text;
  person integer;
begin
  if tg_table_name = 'bill_tasks' then
    people := case tg_op when 'INSERT' then array[new.acting_handler]
                         when 'DELETE' then array[old.acting_handler]
                         else array[old.acting_handler, new.acting_handler] end;
  elsif tg_table_name = 'bill_shares' then
    people := case tg_op when 'INSERT' then array[new.user_id]
                         when 'DELETE' then array[old.user_id]
                         else array[old.user_id, new.user_id] end;
  elsif tg_table_name = 'bills' then
    people := case tg_op when 'INSERT' then array[new.initiator_id]
                         when 'DELETE' then array[old.initiator_id]
                         else array[old.initiator_id, new.initiator_id] end;
    if tg_op <> 'INSERT' then
      people := people || array(select distinct acting_handler from bill_tasks
                                where bill_id = (case tg_op when 'DELETE' then old.id else new.id end) and status = 'pending');
    end if;
  else
    people := array[0];
  end if;
  -- ',12,34,': each person once, however many of their rows the transaction writes (a handover moves thousands).
  noted := coalesce(nullif(current_setting('osp.bill_box', true), ''), ',');
  foreach person in array people loop
    if person is not null and strpos(noted, ',' || person || ',') = 0 then
      noted := noted || person || ',';
    end if;
  end loop;
  perform set_config('osp.bill_box', noted, true);
  return null;
end
$fn$`;

/**
 * PostgreSQL also tells every server process whose stamps moved, on the access cache's channel (app.ts) as
 * `box:<ids>` — delivered at commit, and only if it commits — so a process that hears the channel answers from memory
 * with no statement at all (bills.box-cache.ts). More people than fit a notification's payload: `box:*`, everyone.
 */
const PG_FLUSH = `
create function bill_box_flush() returns trigger language plpgsql as $fn$
declare
  noted text := coalesce(current_setting('osp.bill_box', true), '');
  people integer[];
begin
  if noted in ('', ',') then
    return null;
  end if;
  perform set_config('osp.bill_box', '', true);
  people := array(select distinct unnest(string_to_array(trim(both ',' from noted), ','))::integer order by 1);
  insert into ${TABLE} (user_id, stamp)
    select unnest(people), 1
  on conflict (user_id) do update set stamp = ${TABLE}.stamp + 1;
  perform pg_notify('osp_access', 'box:' || case when cardinality(people) <= 500 then array_to_string(people, ',') else '*' end);
  return null;
end
$fn$`;

export function billBoxStamps(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable(TABLE)
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('stamp', 'bigint', (c) => c.notNull())
        .execute();
      if (engine === 'sqlite') {
        for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) await sql.raw(`create trigger ${name} ${body}`).execute(db);
        return;
      }
      await sql.raw(PG_NOTE).execute(db);
      await sql.raw(PG_FLUSH).execute(db);
      for (const [table, events] of Object.entries(PG_EVENTS)) {
        await sql.raw(`create trigger bill_box_note after ${events} on ${table} for each row execute function bill_box_note()`).execute(db);
        await sql
          .raw(
            `create constraint trigger bill_box_flush after ${events} on ${table} deferrable initially deferred ` +
              `for each row execute function bill_box_flush()`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
      } else {
        for (const table of Object.keys(PG_EVENTS)) {
          await sql.raw(`drop trigger if exists bill_box_note on ${table}`).execute(db);
          await sql.raw(`drop trigger if exists bill_box_flush on ${table}`).execute(db);
        }
        await sql.raw('drop function if exists bill_box_note()').execute(db);
        await sql.raw('drop function if exists bill_box_flush()').execute(db);
      }
      await db.schema.dropTable(TABLE).execute();
    },
  };
}

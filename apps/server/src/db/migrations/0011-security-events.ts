import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * The security trace (issue 11, item 8), and the address each password-reset link was sent to (item 9).
 *
 * The security trace: sign-ins, locks, password changes and resets, permission
 * denials and role changes, each with who, from where and when. Its own table, because the sign-in
 * counters (login_failures) are swept and the trace must outlive them; it never holds a password or
 * a token. `user_id` is null where nobody is known (a failed sign-in for a name that does not exist).
 */
export function securityEvents(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('security_events')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('event', 'varchar(48)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('security_events_created_idx').on('security_events').column('created_at').execute();
      await db.schema.createIndex('security_events_user_idx').on('security_events').columns(['user_id', 'created_at']).execute();
      // A reset link works only while the account's mail is the address it was sent to (item 9). Links made
      // before this column have '' and so stop working: they live 30 minutes, and asking again is cheap.
      await db.schema
        .alterTable('password_resets')
        .addColumn('sent_to', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      // Who asked for each captcha, so that one address cannot fill the table (item 4).
      await db.schema
        .alterTable('captchas')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('captchas_ip_idx').on('captchas').columns(['ip', 'expires_at']).execute();

      // Administrators read the trace on 系统管理 → 安全日志: an installation that has the folder gets the page
      // (a new database gets it from the seed, which runs after the migrations).
      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/system' and type = 0`.execute(db);
      const folder = folders[0];
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/system/security-events'`.execute(db);
      if (folder && existing.length === 0) {
        const { rows: last } = await sql<{
          m: number | string | null;
        }>`select max(sort) as m from menus where parent_id = ${folder.id}`.execute(db);
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${folder.id}, '安全日志', '/system/security-events', 1, 'AuditOutlined', 0, 0, 0, 'sys_log', ${Number(last[0]?.m ?? 0) + 10})`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path = '/system/security-events'`.execute(db);
      await db.schema.dropIndex('captchas_ip_idx').execute();
      await db.schema.alterTable('captchas').dropColumn('ip').execute();
      await db.schema.alterTable('password_resets').dropColumn('sent_to').execute();
      await db.schema.dropTable('security_events').execute();
    },
  };
}

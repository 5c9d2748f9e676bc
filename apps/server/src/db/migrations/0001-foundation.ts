import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

// Migrations take Kysely<unknown>: they describe the tables, so they cannot lean on the types of
// the tables they create.
export function foundation(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('depts')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('depts.id'))
        .addColumn('leader_id', 'integer')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('sex', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
        .addColumn('dept_id', 'integer', (c) => c.references('depts.id'))
        .addColumn('station', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('mail', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('wechat', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('profile_photo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_dept_id').on('users').column('dept_id').execute();

      await db.schema
        .createTable('roles')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('permission', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
        .execute();
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', kit.timestamp, (c) => c.notNull())
        .addColumn('expires_at', kit.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', kit.timestamp)
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_username').on('login_failures').columns(['username', 'created_at']).execute();
      await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'created_at']).execute();
      await db.schema.createIndex('login_failures_created_at').on('login_failures').column('created_at').execute();

      await db.schema
        .createTable('captchas')
        .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', kit.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('menus')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('path', 'varchar(255)', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('permission', 'varchar(64)')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('holiday_stats')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('total_day', kit.double, (c) => c.notNull().defaultTo(0))
        .addColumn('used_day', kit.double, (c) => c.notNull().defaultTo(0))
        .addColumn('applying_day', kit.double, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('holiday_stats_user_year', ['user_id', 'year'])
        .execute();

      await db.schema
        .createTable('articles')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('force_view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', kit.timestamp)
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('article_audience')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('article_audience_pk', ['article_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('article_view_confirms')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('confirmed_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('article_view_confirms_pk', ['article_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Surveys and evaluations (问卷与评价, issue 16, docs/surveys.md "Tables"):
 * - `surveys`: the working copy an administrator edits (`definition`, a SurveyDefinition as JSON), its status
 *   (0 未发布, 1 收集中, 2 已结束), deadline and the version released last.
 * - `survey_versions`: immutable released definitions; every response names the one it answered.
 * - `survey_targets`: whom the survey is for — departments (with sub-departments), roles, people — and exclusions.
 *   Resolved through the directory module at release into `survey_assignments`, one row per person (and, for an
 *   evaluation, per person rated: `ratee_id`, 0 for a plain survey), so that who was asked stays as it was.
 * - `survey_drafts`: a person's unfinished answers, kept on the server so they resume on another device.
 * - `survey_responses`: submitted answers. An anonymous survey's response has no user id; its "one per person" is
 *   the assignment's state, changed in the same transaction. A named one carries `once_key` when the survey allows
 *   one response per person, and the unique key on (survey, once_key) is what enforces it under concurrent submits.
 *
 * The administrator role (key `admin`) is granted `survey_admin`, as the seed does for a new database.
 */
export function surveys(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('surveys')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('kind', 'varchar(12)', (c) => c.notNull().defaultTo('survey'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deadline', kit.timestamp)
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('version_id', 'integer')
        .addColumn('released_at', kit.timestamp)
        .addColumn('result_token', 'varchar(64)')
        .addColumn('result_token_expires_at', kit.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('surveys_status_idx').on('surveys').columns(['status', 'deadline']).execute();
      await db.schema.createIndex('surveys_result_token_idx').on('surveys').column('result_token').unique().execute();

      await db.schema
        .createTable('survey_versions')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('version_no', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addUniqueConstraint('survey_versions_no', ['survey_id', 'version_no'])
        .execute();

      await db.schema
        .createTable('survey_targets')
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        // 'dept' (with its sub-departments), 'role' or 'user'.
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        // 1: nobody this names is asked, whatever else names them.
        .addColumn('exclude', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('survey_targets_pk', ['survey_id', 'kind', 'ref_id'])
        .execute();

      await db.schema
        .createTable('survey_assignments')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ratee_id', 'integer', (c) => c.notNull().defaultTo(0))
        // 'pending', 'draft' or 'submitted'.
        .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('assigned_at', kit.timestamp, (c) => c.notNull())
        // Null for an anonymous survey: the time would point at the response.
        .addColumn('submitted_at', kit.timestamp)
        .addColumn('reminded_at', kit.timestamp)
        .addColumn('remind_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('survey_assignments_once', ['survey_id', 'user_id', 'ratee_id'])
        .execute();
      await db.schema.createIndex('survey_assignments_user_idx').on('survey_assignments').columns(['user_id', 'state']).execute();

      await db.schema
        .createTable('survey_drafts')
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ratee_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version_id', 'integer', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_drafts_pk', ['survey_id', 'user_id', 'ratee_id'])
        .execute();

      await db.schema
        .createTable('survey_responses')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('survey_versions.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('ratee_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('once_key', 'varchar(40)')
        // A public named fill: the name the person typed.
        .addColumn('respondent_name', 'varchar(50)')
        .addColumn('dept_id', 'integer')
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer')
        .addColumn('submitted_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .addUniqueConstraint('survey_responses_once', ['survey_id', 'once_key'])
        .execute();
      await db.schema.createIndex('survey_responses_survey_idx').on('survey_responses').columns(['survey_id', 'submitted_at']).execute();

      await sql`insert into role_permissions (role_id, permission)
        select r.id, 'survey_admin' from roles r where r.key = 'admin'
        and not exists (select 1 from role_permissions p where p.role_id = r.id and p.permission = 'survey_admin')`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from role_permissions where permission = 'survey_admin'`.execute(db);
      for (const table of ['survey_responses', 'survey_drafts', 'survey_assignments', 'survey_targets', 'survey_versions', 'surveys']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

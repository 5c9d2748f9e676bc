import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Approval bills (issue 4, DESIGN §6): template groups, templates with their working flow (nodes and
 * node links as rows, so that the SPEC §7 node and link endpoints address real ids), immutable published
 * versions that bills pin, jobs and their members, bills with the engine's activations, steps, tasks and
 * append-only events, and bill entrusts.
 */
export function approval(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('template_groups')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('templates')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('template_groups.id'))
        .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_iptv', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('form_schema', 'text', (c) => c.notNull())
        // The working flow's settings; its nodes and links are the rows below. Null: no flow yet.
        .addColumn('flow_settings', 'text')
        .addColumn('current_version_id', 'integer')
        .addColumn('version_no', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('templates_group').on('templates').columns(['group_id', 'sort']).execute();

      await db.schema
        .createTable('template_nodes')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('node_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('steps_json', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('template_nodes_key', ['template_id', 'node_key'])
        .execute();

      await db.schema
        .createTable('template_node_links')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('from_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('to_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rules_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('template_node_links_template').on('template_node_links').column('template_id').execute();

      // Immutable: a row is written once per published flow and never updated (DESIGN §6).
      await db.schema
        .createTable('template_versions')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id'))
        .addColumn('version_no', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('form_schema', 'text', (c) => c.notNull())
        .addColumn('flow', 'text', (c) => c.notNull())
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addUniqueConstraint('template_versions_no', ['template_id', 'version_no'])
        .execute();

      await db.schema
        .createTable('template_favorites')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('template_favorites_pk', ['user_id', 'template_id'])
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('job_members')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // JSON list of the departments the member covers; [] covers all.
        .addColumn('dept_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addUniqueConstraint('job_members_user', ['job_id', 'user_id'])
        .execute();
      await db.schema.createIndex('job_members_user_id').on('job_members').column('user_id').execute();

      await db.schema
        .createTable('bills')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id'))
        .addColumn('template_version_id', 'integer', (c) => c.references('template_versions.id'))
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('initiator_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('dept_id', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('form_json', 'text', (c) => c.notNull())
        .addColumn('chosen_json', 'text', (c) => c.notNull())
        .addColumn('route_json', 'text', (c) => c.notNull())
        .addColumn('rejected_node_id', 'varchar(64)')
        // Denormalised for the lists: the node the bill waits at.
        .addColumn('current_node_name', 'varchar(50)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('client_key', 'varchar(64)')
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .addColumn('released_at', kit.timestamp)
        .addColumn('finished_at', kit.timestamp)
        .addUniqueConstraint('bills_client_key', ['initiator_id', 'client_key'])
        .execute();
      await db.schema.createIndex('bills_initiator').on('bills').columns(['initiator_id', 'status', 'updated_at']).execute();
      await db.schema.createIndex('bills_template').on('bills').column('template_id').execute();

      await db.schema
        .createTable('bill_items')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('field', 'varchar(40)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_items_bill').on('bill_items').columns(['bill_id', 'field', 'seq']).execute();

      // Engine rows: ids are "<bill id>-<kind letter><n>", made while the bill row is locked.
      await db.schema
        .createTable('bill_activations')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('cause', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('entered_at', kit.timestamp, (c) => c.notNull())
        .addColumn('left_at', kit.timestamp)
        .execute();
      await db.schema.createIndex('bill_activations_bill').on('bill_activations').column('bill_id').execute();

      await db.schema
        .createTable('bill_steps')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('activation_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('step_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('ended_at', kit.timestamp)
        .execute();
      await db.schema.createIndex('bill_steps_bill').on('bill_steps').column('bill_id').execute();

      await db.schema
        .createTable('bill_tasks')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('step_run_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('activation_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('original_handler', 'integer', (c) => c.notNull())
        .addColumn('acting_handler', 'integer', (c) => c.notNull())
        .addColumn('on_behalf_of', 'integer')
        .addColumn('via', 'varchar(16)', (c) => c.notNull())
        .addColumn('transferred_from', 'varchar(40)')
        .addColumn('ord', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('comment', 'varchar(500)')
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('decided_at', kit.timestamp)
        .addColumn('is_auto', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The todo and done boxes: a handler's tasks by status.
      await db.schema.createIndex('bill_tasks_handler').on('bill_tasks').columns(['acting_handler', 'status', 'bill_id']).execute();
      await db.schema.createIndex('bill_tasks_bill').on('bill_tasks').column('bill_id').execute();

      await db.schema
        .createTable('bill_events')
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('at', kit.timestamp, (c) => c.notNull())
        .addColumn('actor', 'integer')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('node_id', 'varchar(64)')
        .addColumn('step_run_id', 'varchar(40)')
        .addColumn('task_id', 'varchar(40)')
        .addColumn('on_behalf_of', 'integer')
        .addColumn('to_user', 'integer')
        .addColumn('comment', 'varchar(500)')
        .addColumn('before_status', 'varchar(16)', (c) => c.notNull())
        .addColumn('after_status', 'varchar(16)', (c) => c.notNull())
        .addPrimaryKeyConstraint('bill_events_pk', ['bill_id', 'seq'])
        .execute();

      await db.schema
        .createTable('bill_entrusts')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('delegate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // JSON list of template ids; [] means every template.
        .addColumn('template_ids', 'text', (c) => c.notNull())
        .addColumn('start_at', kit.timestamp, (c) => c.notNull())
        .addColumn('end_at', kit.timestamp, (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_entrusts_user').on('bill_entrusts').columns(['user_id', 'end_at']).execute();
      await db.schema.createIndex('bill_entrusts_end').on('bill_entrusts').column('end_at').execute();
    },
  };
}

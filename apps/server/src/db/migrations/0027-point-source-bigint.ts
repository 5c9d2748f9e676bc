import { sql, type Kysely } from 'kysely';
import type { Engine } from '../index';

/**
 * The points ledger's `source_id` holds a 64-bit number (积分, issue 15): an approval task's id is text
 * (`{bill}-t{n}`), and the 及时审批 award keys it as bill × 1,000,000 + n (points.service `taskSourceId`), which
 * outgrows PostgreSQL's 32-bit integer from bill 2,148 on. SQLite's INTEGER is 64-bit already: nothing to do there.
 */
export function pointSourceBigint(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await sql`alter table point_ledger alter column source_id type bigint`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      // Task-keyed awards do not fit back into 32 bits.
      await sql`delete from point_ledger where source_kind = 'approval_timely'`.execute(db);
      await sql`alter table point_ledger alter column source_id type integer`.execute(db);
    },
  };
}

import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { OperationLogsTable } from '../../db/schema';

export async function insertOperationLog(db: Db, row: Insertable<OperationLogsTable>): Promise<void> {
  await db.insertInto('operation_logs').values(row).execute();
}

export interface OperationLogFilter {
  service?: string;
  itemType?: string;
  itemId?: string;
  /** Null: every item type. */
  itemTypes: readonly string[] | null;
  limit: number;
  offset: number;
}

export async function listOperationLogs(db: Db, filter: OperationLogFilter) {
  let query = db.selectFrom('operation_logs');
  if (filter.service) query = query.where('service', '=', filter.service);
  if (filter.itemType) query = query.where('item_type', '=', filter.itemType);
  if (filter.itemId) query = query.where('item_id', '=', filter.itemId);
  if (filter.itemTypes) query = query.where('item_type', 'in', filter.itemTypes.length > 0 ? [...filter.itemTypes] : ['']);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ before_json, after_json, ...row }) => ({
      ...row,
      before: factsOf(before_json, `operation_logs.before_json of entry ${row.id}`),
      after: factsOf(after_json, `operation_logs.after_json of entry ${row.id}`),
    })),
    total: Number(count.n),
  };
}

/**
 * `before_json` / `after_json`: the changed fields as recordOperation wrote them, a JSON object or null.
 * Anything else is something the code never wrote: an internal error naming the column and entry.
 */
function factsOf(text: string | null, where: string): Record<string, unknown> | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} is not an object`);
  return value as Record<string, unknown>;
}

import { SyslogQueryZ, type OperationLogEntry, type Paged } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ForbiddenError } from '../../http/errors';
import { parse } from '../../http/validate';
import { readableItemTypes } from './syslog.policy';
import * as repo from './syslog.repo';

export interface OperationRecord {
  itemType: string;
  itemId: string | number;
  action: string;
  /** One line a person reads in the 操作日志 drawer, e.g. "禁用用户 zhangsan（张三）". */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Keys never written to the log whatever a caller passes in before/after. */
const SECRET_KEYS = new Set(['password', 'password_hash', 'passwd', 'token', 'token_hash']);

function toJson(value: Record<string, unknown> | null | undefined): string | null {
  if (!value) return null;
  const safe = Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)));
  return JSON.stringify(safe);
}

/**
 * Writes one row of the operation log. Pass the transaction that makes the change, so that the
 * change and its record commit together or not at all.
 */
export async function recordOperation(db: Db, actor: Actor, record: OperationRecord): Promise<void> {
  await repo.insertOperationLog(db, {
    created_at: new Date().toISOString(),
    user_id: actor.caller.userId,
    username: actor.caller.username,
    user_name: actor.caller.user.name,
    service: actor.service,
    item_type: record.itemType,
    item_id: String(record.itemId),
    action: record.action,
    summary: record.summary.slice(0, 500),
    before_json: toJson(record.before),
    after_json: toJson(record.after),
  });
}

export async function listOperations(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<OperationLogEntry>> {
  const input = parse(SyslogQueryZ, query);
  const readable = readableItemTypes(caller);
  if (readable !== null) {
    if (readable.length === 0) throw new ForbiddenError();
    if (input.item_type && !(readable as string[]).includes(input.item_type)) throw new ForbiddenError();
  }
  const { rows, total } = await repo.listOperationLogs(ctx.db, {
    service: input.service_id,
    itemType: input.item_type,
    itemId: input.item_id,
    itemTypes: readable,
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return {
    list: rows,
    total,
    page: input.page,
    per_page: input.per_page,
  };
}

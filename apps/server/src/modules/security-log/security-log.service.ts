import { SecurityEventQueryZ, type Paged, type SecurityEventEntry, type SecurityEventName } from '@osp/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { parse } from '../../http/validate';
import { authorizeSecurityLog } from './security-log.policy';
import * as repo from './security-log.repo';

/** Where a request came from, as the security trace records it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

export interface SecurityEventRecord {
  event: SecurityEventName;
  /** The account the event is about (the one signing in, the one whose roles changed). */
  userId?: number | null;
  username?: string;
  client?: ClientInfo;
  /** What was refused or changed, in words. Never a password, a token or a code. */
  detail?: string;
}

/**
 * Writes one security event. Pass the transaction of the change it records (a role change), so both
 * commit together; a refusal or a failed sign-in is written on its own, since nothing else commits.
 */
export async function recordSecurityEvent(db: Db, record: SecurityEventRecord): Promise<void> {
  await repo.insertSecurityEvent(db, {
    created_at: new Date().toISOString(),
    event: record.event,
    user_id: record.userId ?? null,
    username: (record.username ?? '').slice(0, 64),
    ip: (record.client?.ip ?? '').slice(0, 64),
    user_agent: (record.client?.userAgent ?? '').slice(0, 255),
    detail: (record.detail ?? '').slice(0, 500),
  });
}

/** The first instant of an Asia/Shanghai day (DESIGN §4: the UI shows Asia/Shanghai). */
function shanghaiDayStart(day: string, plusDays = 0): string {
  const start = new Date(`${day}T00:00:00+08:00`);
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

/** GET /api/security/events (issue 11, item 8): the trace, newest first, for sys_log holders. */
export async function listSecurityEvents(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<SecurityEventEntry>> {
  authorizeSecurityLog(caller);
  const input = parse(SecurityEventQueryZ, query);
  const { rows, total } = await repo.listSecurityEvents(ctx.db, {
    ...(input.event ? { event: input.event } : {}),
    ...(input.keyword ? { keyword: input.keyword } : {}),
    ...(input.date_from ? { from: shanghaiDayStart(input.date_from) } : {}),
    ...(input.date_to ? { until: shanghaiDayStart(input.date_to, 1) } : {}),
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return {
    list: rows.map((row) => ({ ...row, event: row.event as SecurityEventName })),
    total,
    page: input.page,
    per_page: input.per_page,
  };
}

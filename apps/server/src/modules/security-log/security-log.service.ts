import type { SecurityEventName } from '@osp/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
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

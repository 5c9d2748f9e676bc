import type { ApiEnvelope } from '@osp/shared';

export function ok<T>(data: T, message = 'ok'): ApiEnvelope<T> {
  return { status_code: 0, message, data };
}

/** The Content-Type of an envelope sent as JSON text already made (an answer kept in memory): what Fastify sets for an object. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

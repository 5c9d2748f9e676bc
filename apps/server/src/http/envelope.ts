import type { ApiEnvelope } from '@osp/shared';

export function ok<T>(data: T, message = 'ok'): ApiEnvelope<T> {
  return { status_code: 0, message, data };
}

/**
 * The response envelope of DESIGN §4. `status_code` 0 is success; a business or validation failure
 * answers HTTP 200 with one of the non-zero codes below so that the web client shows its message.
 */
export interface ApiEnvelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export const StatusCode = {
  ok: 0,
  badRequest: 400,
  notFound: 404,
  conflict: 409,
  invalid: 422,
  /** Too many attempts: a locked login, a rate limit. */
  tooMany: 429,
} as const;
export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];

/** `data.errors` of a 422: every invalid field with all of its messages. */
export type FieldErrors = Record<string, string[]>;

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  per_page: number;
}

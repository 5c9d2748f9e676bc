import { CommonMessages, StatusCode, type FieldErrors } from '@osp/shared';

/**
 * A failure a user can act on. `code` is the envelope's status_code; `httpStatus` is 200 for
 * business failures (DESIGN §4) and 401/403 for identity failures the web client handles itself.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message?: string) {
    const first = Object.values(errors)[0]?.[0];
    super(StatusCode.invalid, message ?? first ?? CommonMessages.invalid, { errors });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = CommonMessages.notFound) {
    super(StatusCode.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(StatusCode.conflict, message);
  }
}

export class TooManyError extends AppError {
  constructor(message: string, data: unknown = null) {
    super(StatusCode.tooMany, message, data);
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super(401, CommonMessages.sessionTimeout, null, 401);
  }
}

export class ForbiddenError extends AppError {
  /** `data` says more where a page shows it, e.g. the rows of a refused user import. */
  constructor(message: string = CommonMessages.forbidden, data: unknown = null) {
    super(403, message, data, 403);
  }
}

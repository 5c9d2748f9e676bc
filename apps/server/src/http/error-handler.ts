import { CommonMessages, StatusCode } from '@osp/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/index';
import { AppError, ForbiddenError } from './errors';

export interface ErrorHandlingOptions {
  /**
   * Called for every refusal of a signed-in caller (HTTP 403), so that the security trace records
   * it (issue 11, item 8). It must not throw; the refusal is answered whatever it does.
   */
  onForbidden?: (request: FastifyRequest, error: ForbiddenError) => Promise<void>;
}

/** The one place where failures become the DESIGN §4 envelope. */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof ForbiddenError && options.onForbidden) await options.onForbidden(request, error);
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ status_code: error.code, message: error.message, data: error.data });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type) are the caller's fault.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? CommonMessages.payloadTooLarge : CommonMessages.badRequest;
      return reply.status(200).send({ status_code: StatusCode.badRequest, message, data: null });
    }
    // The database is unreachable (dropped connections, a restart, a failover): a quick 503 the client may
    // retry, not a 500; the pool reconnects by itself once it is back (docs/operations.md).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status_code: 503, message: CommonMessages.serviceUnavailable, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status_code: 500, message: CommonMessages.serverError(500), data: null });
  });
}

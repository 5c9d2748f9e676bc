import { CommonMessages, StatusCode } from '@osp/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status_code: 500, message: CommonMessages.serverError(500), data: null });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, AppContext, Caller } from '../../context';
import { authenticate } from './auth.service';
import { UnauthorizedError } from '../../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** Every route registered inside `scope` after this call requires a valid bearer token. */
export function requireSignIn(scope: FastifyInstance, ctx: AppContext): void {
  scope.addHook('onRequest', async (request) => {
    request.caller = await authenticate(ctx, request.headers.authorization);
  });
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
}

/** The caller with the request's Service header, for services that write the operation log. */
export function actorOf(request: FastifyRequest): Actor {
  const service = request.headers.service;
  const agent = request.headers['user-agent'];
  return {
    caller: callerOf(request),
    service: typeof service === 'string' ? service.slice(0, 64) : '',
    client: { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' },
  };
}

/** The caller if the request carries a valid token, else null: for routes that serve both. */
export async function optionalCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  if (!request.headers.authorization) return null;
  try {
    return await authenticate(ctx, request.headers.authorization);
  } catch (error) {
    if (error instanceof UnauthorizedError) return null;
    throw error;
  }
}

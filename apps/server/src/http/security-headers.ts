import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** DESIGN §5a: a strict CSP (no inline scripts), nosniff everywhere, framing only by ourselves. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Ant Design writes its CSS-in-JS into <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Runs helmet once against a recording response and keeps the headers it sets. Our options hold no
 * per-request values (no nonces), so the headers are the same for every response; @fastify/helmet
 * rebuilt them on each request, which cost 7 % of a signed-in request (docs/performance.md).
 */
export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

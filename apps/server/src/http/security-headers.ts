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

/**
 * The headers that matter for a JSON answer, after OWASP's REST Security Cheat Sheet: the CSP (a
 * JSON body opened directly in a tab still runs nothing), framing, nosniff, HSTS, no referrer, no
 * cross-origin reads, and no caching of personal data by the browser or a proxy. helmet's other
 * headers (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) only act on HTML documents; each header
 * costs every answer its validation and bytes (docs/performance.md). A route may override
 * cache-control (avatars are immutable files).
 */
const API_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
] as const;

export function computeApiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of API_HEADER_NAMES) {
    const value = documentHeaders[name];
    if (value === undefined) throw new Error(`helmet no longer sets ${name}`);
    headers[name] = value;
  }
  headers['cache-control'] = 'no-store';
  return headers;
}

/** The answers of the API (JSON); everything else is the web app's documents and assets. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/oa/') || url.startsWith('/account/');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = computeSecurityHeaders();
  const apiHeaders = computeApiSecurityHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : documentHeaders);
    done();
  });
}

import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `attachment` with the real (Chinese) name in RFC 6266 / RFC 5987 form (`filename*=UTF-8''…`), which
 * every current browser prefers, and a plain ASCII `filename` for old clients. The encoded name comes
 * first because simple parsers take the first filename they find. `attachment` also means a browser
 * saves the file rather than showing it, so an uploaded HTML page never runs on our origin.
 */
export function attachmentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}; filename="${asciiFallback(filename)}"`;
}

/** The name when it is plain ASCII, else `file` with the name's extension when that is ASCII. */
function asciiFallback(filename: string): string {
  const isPlain = /^[\x20-\x7e]+$/.test(filename) && !/["\\]/.test(filename);
  if (isPlain) return filename;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(filename)?.[0] ?? '';
  return `file${extension}`;
}

/** Sends a file for the browser to save under its (Chinese) name, never cached: a buffer, or a stream as it is written. */
export function sendAttachment(reply: FastifyReply, file: { filename: string; type: string; body: Buffer | Readable }): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(file.body);
}

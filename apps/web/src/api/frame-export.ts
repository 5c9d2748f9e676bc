import Cookies from 'js-cookie';
import { billExportCookieName } from '@osp/shared';
import { requestUrl, settleFrameAnswer, type ApiRequest } from './client';

/**
 * A file export the browser downloads in a hidden frame (issue 13: the bill lists; issue 15: an article's read log),
 * so that the file streams to disk as the server writes it (a fetch would hold all of it in the page first) and the
 * browser names it from the answer's Content-Disposition. A frame shows nothing of how its answer went, so the call
 * carries a random `token` and the server answers with the cookie `osp_export_<token>`: `0` when the file follows,
 * else the refusal's status_code. SPEC §9: the page polls for it once a second while its mask 「正在导出......」
 * shows. A refusal is a JSON envelope the frame shows as a document; its text goes through the API client's error
 * funnel like any other answer (SPEC §8).
 */

/** SPEC §9: the readiness cookie is read once a second. */
const POLL_INTERVAL_MS = 1000;
/**
 * How long the frame of a file that came stays in the page. The browser's download manager owns the download once
 * it has begun, so the frame is only kept for a browser that would stop a transfer whose frame went away.
 */
const FRAME_KEPT_MS = 60_000;

/**
 * A token of 32 hex digits (BILL_EXPORT_TOKEN_PATTERN). getRandomValues, not randomUUID: the latter exists only on
 * HTTPS pages and the product is often opened over plain HTTP inside the company.
 */
function exportToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The outcome the server put in the readiness cookie, or undefined while there is none. */
function readCookie(name: string): number | undefined {
  const value = Cookies.get(name);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The address a frame shows; '' when it is not this page's origin (an OA API base elsewhere), which it cannot read. */
function frameAddress(frame: HTMLIFrameElement): string {
  try {
    return frame.contentWindow?.location.href ?? '';
  } catch {
    return '';
  }
}

/** The text of the document a frame shows: the JSON of a refusal (Chrome wraps it in a <pre>). */
function frameText(frame: HTMLIFrameElement): string {
  const doc = frame.contentDocument;
  return doc?.querySelector('pre')?.textContent ?? doc?.body?.textContent ?? '';
}

/**
 * Starts the download of `url` with `params` (and the readiness token); resolves once the file is on its way to the
 * browser's downloads, rejects (after the API client's toast, or its sign-in redirect) when it was refused.
 */
export function exportThroughFrame(url: string, params: object): Promise<void> {
  const token = exportToken();
  const cookie = billExportCookieName(token);
  const request: ApiRequest = { method: 'GET', url, params: { ...params, token } };
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'export';
  frame.src = requestUrl(request);

  return new Promise<void>((resolve, reject) => {
    const finish = (outcome: Promise<void>, keepFrame: boolean) => {
      window.clearInterval(timer);
      frame.removeEventListener('load', handleLoad);
      Cookies.remove(cookie, { path: '/' });
      if (keepFrame) window.setTimeout(() => frame.remove(), FRAME_KEPT_MS);
      else frame.remove();
      outcome.then(resolve, reject);
    };
    const poll = () => {
      // A refusal waits for its document (the frame's load), which carries its message.
      if (readCookie(cookie) === 0) finish(Promise.resolve(), true);
    };
    // A frame loads a document only when the answer is not the file (some browsers also fire it for a download).
    const handleLoad = () => {
      if (frameAddress(frame) === 'about:blank') return;
      const code = readCookie(cookie);
      if (code === 0) finish(Promise.resolve(), true);
      else finish(settleFrameAnswer(request, code, frameText(frame)), false);
    };
    const timer = window.setInterval(poll, POLL_INTERVAL_MS);
    frame.addEventListener('load', handleLoad);
    document.body.append(frame);
  });
}

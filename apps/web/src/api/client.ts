import { CommonMessages, DEFAULT_REQUEST_TIMEOUT, type ApiEnvelope, type FieldErrors, type PublicSettings } from '@osp/shared';
import { toast } from '../components/toast';
import { filenameOf } from './content-disposition';
import { MENU_VERSION_HEADER, menuVersion } from './menu-version';
import { clearSession, DEFAULT_SERVICE_COOKIE, getServiceSegment, getToken } from './session';

/**
 * The one API client. SPEC §8's error catalogue is implemented here and nowhere else: pages get a
 * rejected promise carrying the envelope and never show their own copy of these messages.
 *
 * Successful calls resolve to the envelope's `data`, or through `api.withMessage` to `{ data, message }` for a
 * change whose success toast is the server's own message. Every answer's `X-Menu-Version` header goes to
 * the menu's version tracker (./menu-version.ts), which reloads the menu when it changed.
 *
 * It speaks through the browser's fetch (and XMLHttpRequest for an upload, whose progress fetch
 * cannot report). Until issue 12 axios did, and it was 57 of the 193 KB (minified) that the sign-in
 * page loaded beyond React and antd (docs/performance.md, "First load").
 */

/** `statusCode` of a call that got no answer at all (time-out, network down). */
export const NO_RESPONSE = -1;

export class ApiError extends Error {
  /** The envelope's status_code, or the HTTP status when the body was not an envelope. */
  readonly statusCode: number;
  readonly httpStatus: number | undefined;
  readonly envelope: ApiEnvelope<unknown> | undefined;

  constructor(message: string, statusCode: number, httpStatus?: number, envelope?: ApiEnvelope<unknown>) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.httpStatus = httpStatus;
    this.envelope = envelope;
  }

  /** DESIGN §4: a 422 lists every invalid field (payload names) with its messages. */
  get fieldErrors(): FieldErrors | undefined {
    const data = this.envelope?.data;
    if (typeof data !== 'object' || data === null || !('errors' in data)) return undefined;
    const errors = data.errors;
    return typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : undefined;
  }

  /** Another field of `data`, e.g. `captcha_required` of a failed sign-in. */
  dataField(name: string): unknown {
    const data = this.envelope?.data;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  }
}

interface ClientSettings {
  baseURL: string;
  timeout: number;
  serviceCookie: string;
}

let settings: ClientSettings = { baseURL: '', timeout: DEFAULT_REQUEST_TIMEOUT, serviceCookie: DEFAULT_SERVICE_COOKIE };

/** Takes the time-out, base address and Service cookie name from GET /api/settings. */
export function configureClient(next: PublicSettings): void {
  settings = {
    // An empty base means this page's own origin (DESIGN §4).
    baseURL: next.oa_api_base || '',
    timeout: next.request_timeout > 0 ? next.request_timeout : DEFAULT_REQUEST_TIMEOUT,
    serviceCookie: next.service_id || DEFAULT_SERVICE_COOKIE,
  };
}

export function serviceCookieName(): string {
  return settings.serviceCookie;
}

type SessionExpiredHandler = (redirect: string) => void;

let onSessionExpired: SessionExpiredHandler = (redirect) => {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`);
};

/** The app replaces the full-page reload with a router navigation once the router is up. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** One call: `params` become the query string (undefined and null are left out), `data` the JSON body or a FormData. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params?: object;
  data?: unknown;
  /** A background read the page shows in place (the bill form's 审批流程): its failure is not toasted. */
  quiet?: boolean;
}

/** What came back: the body is parsed JSON, text that is not JSON, or a Blob for a download. */
interface RawResponse {
  status: number;
  body: unknown;
  header: (name: string) => string | null;
}

/** SPEC §8: failures of the authorizations calls are the sign-in page's to show, not a toast's. */
function isQuiet(request: ApiRequest): boolean {
  return request.quiet === true || request.url.includes('/api/authorizations');
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && 'status_code' in body && typeof body.status_code === 'number';
}

function fail(request: ApiRequest, error: ApiError, toastKey?: string): ApiError {
  if (!isQuiet(request)) toast.error(error.message, toastKey);
  return error;
}

function envelopeError(envelope: ApiEnvelope<unknown>, httpStatus: number): ApiError {
  return new ApiError(envelope.message || CommonMessages.serverBusy, envelope.status_code, httpStatus, envelope);
}

/** A blob download answered with JSON is an error envelope in disguise (SPEC §8). */
async function readBlobEnvelope(blob: Blob): Promise<ApiEnvelope<unknown> | undefined> {
  if (!blob.type.includes('json')) return undefined;
  try {
    const body: unknown = JSON.parse(await blob.text());
    return isEnvelope(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

function currentPage(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function handleUnauthorized(request: ApiRequest, envelope: ApiEnvelope<unknown> | undefined): ApiError {
  const error = new ApiError(CommonMessages.sessionTimeout, envelope?.status_code ?? 401, 401, envelope);
  if (isQuiet(request)) return error;
  // Several calls of one page fail together; the key shows the toast once.
  toast.error(CommonMessages.sessionTimeout, 'session-timeout');
  clearSession();
  if (window.location.pathname !== '/login') onSessionExpired(currentPage());
  return error;
}

/** Hands the answer's menu version to the tracker, which reloads the menu when it changed (./menu-version.ts). */
function noteMenuVersion(request: ApiRequest, response: RawResponse, isSuccess: boolean): void {
  menuVersion.answered(request.url.split('?')[0] ?? request.url, response.header(MENU_VERSION_HEADER), isSuccess);
}

/** Resolves with a 2xx answer whose envelope (if any) reports success; anything else rejects with its ApiError. */
async function settle(request: ApiRequest, response: RawResponse): Promise<RawResponse> {
  const { body, status } = response;
  if (status >= 200 && status < 300) {
    const envelope = body instanceof Blob ? await readBlobEnvelope(body) : isEnvelope(body) ? body : undefined;
    const isSuccess = !envelope || envelope.status_code === 0;
    noteMenuVersion(request, response, isSuccess);
    if (envelope && !isSuccess) throw fail(request, envelopeError(envelope, status));
    return response;
  }
  noteMenuVersion(request, response, false);
  const errorBody = body instanceof Blob ? await readBlobEnvelope(body) : body;
  const envelope = isEnvelope(errorBody) ? errorBody : undefined;
  if (status === 401) throw handleUnauthorized(request, envelope);
  const message = status === 403 ? envelope?.message || CommonMessages.forbidden : CommonMessages.serverError(status);
  throw fail(request, new ApiError(message, envelope?.status_code ?? status, status, envelope));
}

/** A query value as axios wrote it: a Date in ISO 8601, an object as JSON. */
function paramText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function urlOf({ url, params }: ApiRequest): string {
  // An absolute address is used as it is; a path joins the base address from the settings.
  const base =
    settings.baseURL && !/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url)
      ? `${settings.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`
      : url;
  const query = new URLSearchParams();
  const entries: [string, unknown][] = Object.entries(params ?? {});
  for (const [name, value] of entries) {
    if (value !== undefined && value !== null) query.append(name, paramText(value));
  }
  const search = query.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

function headersOf(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  if (request.data !== undefined && !(request.data instanceof FormData)) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const service = getServiceSegment(settings.serviceCookie);
  if (service) headers.Service = service;
  return headers;
}

function bodyOf(data: unknown): FormData | string | undefined {
  if (data === undefined) return undefined;
  return data instanceof FormData ? data : JSON.stringify(data);
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Why a call got no answer, in the user's words: the time-out ran out, or the browser could not reach the server
 * (fetch rejects with a TypeError: offline, refused, cut), which is the network's doing and says so, not 服务器异常.
 */
function noAnswerMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return CommonMessages.timedOut;
  if (error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false)) return CommonMessages.networkDown;
  return CommonMessages.serverBusy;
}

/**
 * Sends a call and reads its answer; a time-out or a lost connection rejects with NO_RESPONSE.
 * `isTransfer`: a file download takes as long as the transfer does, not SPEC §9's request time-out,
 * and its successful answer is read as a Blob.
 */
async function send(request: ApiRequest, isTransfer = false): Promise<RawResponse> {
  let response: RawResponse;
  try {
    const answer = await fetch(urlOf(request), {
      method: request.method,
      headers: headersOf(request),
      body: bodyOf(request.data),
      signal: isTransfer ? undefined : AbortSignal.timeout(settings.timeout),
    });
    const body = isTransfer && answer.ok ? await answer.blob() : parseText(await answer.text());
    response = { status: answer.status, body, header: (name) => answer.headers.get(name) };
  } catch (error) {
    throw fail(request, new ApiError(noAnswerMessage(error), NO_RESPONSE), 'no-response');
  }
  return settle(request, response);
}

async function call<T>(request: ApiRequest): Promise<ApiEnvelope<T>> {
  const response = await send(request);
  return response.body as ApiEnvelope<T>;
}

/** A successful change's envelope: its `data` and the server's `message`, which the success toast shows. */
export interface ApiAnswer<T> {
  data: T;
  /** The server's words for what was done ('' when it sent none): show it, not a copy of it. */
  message: string;
}

async function answer<T>(request: ApiRequest): Promise<ApiAnswer<T>> {
  const { data, message } = await call<T>(request);
  // A body that was not an envelope has no message at all, whatever its type says.
  return { data, message: typeof message === 'string' ? message : '' };
}

/** The typed calls the area modules use; each resolves to the envelope's `data`. */
export const api = {
  get: async <T>(url: string, params?: Record<string, unknown>) => (await call<T>({ method: 'GET', url, params })).data,
  post: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'POST', url, data: body })).data,
  put: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'PUT', url, data: body })).data,
  patch: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'PATCH', url, data: body })).data,
  delete: async <T>(url: string) => (await call<T>({ method: 'DELETE', url })).data,
  /** A GET in the background whose failure the user need not hear of (recording that an article was opened). */
  quietGet: async <T>(url: string, params?: Record<string, unknown>) => (await call<T>({ method: 'GET', url, params, quiet: true })).data,
  /** A POST that only reads (a preview), whose failure the page shows itself: no toast. */
  quietPost: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'POST', url, data: body, quiet: true })).data,
  /** The same changes resolving to `{ data, message }`, for a page that toasts the server's message on success. */
  withMessage: {
    post: <T>(url: string, body?: unknown) => answer<T>({ method: 'POST', url, data: body }),
    put: <T>(url: string, body?: unknown) => answer<T>({ method: 'PUT', url, data: body }),
    patch: <T>(url: string, body?: unknown) => answer<T>({ method: 'PATCH', url, data: body }),
    delete: <T>(url: string) => answer<T>({ method: 'DELETE', url }),
  },
};

export interface DownloadedFile {
  blob: Blob;
  /** From the Content-Disposition header when the server names the file. */
  filename: string | undefined;
}

/** A file download; a JSON answer instead of the file becomes a toast and a rejection (SPEC §8). */
export async function download(request: ApiRequest): Promise<DownloadedFile> {
  const response = await send(request, true);
  // send() reads every 2xx answer of a transfer as a Blob.
  return { blob: response.body as Blob, filename: filenameOf(response.header('content-disposition') ?? '') };
}

/** The address of a call, for a download the browser makes itself (a hidden frame: ./bills-export.ts). */
export function requestUrl(request: ApiRequest): string {
  return urlOf(request);
}

/**
 * The answer to a download the browser made in a frame, which the page sees only as its readiness cookie
 * (`code`: the envelope's status_code, or the HTTP status when the answer was not an envelope) and the text
 * of the document the frame shows; it takes the same road as every other answer (SPEC §8), and rejects.
 * Undefined `code`: the server never answered (a proxy's error page, the network down).
 */
export async function settleFrameAnswer(request: ApiRequest, code: number | undefined, text: string): Promise<void> {
  if (code === undefined) throw fail(request, new ApiError(CommonMessages.serverBusy, NO_RESPONSE), 'no-response');
  const body = parseText(text);
  // A frame hides the HTTP status: 401, 403 and the server's faults are answered with their own, the rest as a 200 envelope.
  const isHttpFailure = code === 401 || code === 403 || code >= 500 || !isEnvelope(body);
  await settle(request, { status: isHttpFailure ? code : 200, body, header: () => null });
  // settle() passes a success envelope; the frame shows a document only when the file did not come.
  throw fail(request, new ApiError(CommonMessages.serverBusy, code, undefined, isEnvelope(body) ? body : undefined));
}

/** The upload through XMLHttpRequest, the one browser API that reports upload progress; no time-out, as for a download. */
function sendWithProgress(request: ApiRequest, onProgress?: (percent: number) => void): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    for (const [name, value] of Object.entries(headersOf(request))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (onProgress && event.lengthComputable && event.total) onProgress(Math.floor((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      resolve({ status: xhr.status, body: parseText(xhr.responseText), header: (name) => xhr.getResponseHeader(name) });
    });
    const lost = (message: string) => () => reject(fail(request, new ApiError(message, NO_RESPONSE), 'no-response'));
    // XMLHttpRequest's error event is fetch's TypeError: the server could not be reached.
    xhr.addEventListener('error', lost(CommonMessages.networkDown));
    xhr.addEventListener('abort', lost(CommonMessages.serverBusy));
    xhr.send(bodyOf(request.data) ?? null);
  });
}

/** A multipart upload (the file in the part `file`); `onProgress` gets whole percents. Resolves to the envelope's `data`. */
export async function upload<T>(url: string, file: Blob, filename: string, onProgress?: (percent: number) => void): Promise<T> {
  const form = new FormData();
  form.append('file', file, filename);
  const request: ApiRequest = { method: 'POST', url, data: form };
  const response = await settle(request, await sendWithProgress(request, onProgress));
  return (response.body as ApiEnvelope<T>).data;
}

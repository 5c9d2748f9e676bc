import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CommonMessages, DEFAULT_REQUEST_TIMEOUT, type ApiEnvelope, type FieldErrors, type PublicSettings } from '@osp/shared';
import { toast } from '../components/toast';
import { filenameOf } from './content-disposition';
import { clearSession, DEFAULT_SERVICE_COOKIE, getServiceSegment, getToken } from './session';

/**
 * The one API client. SPEC §8's error catalogue is implemented here and nowhere else: pages get a
 * rejected promise carrying the envelope and never show their own copy of these messages.
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

/** SPEC §8: failures of the authorizations calls are the sign-in page's to show, not a toast's. */
function isQuiet(config: AxiosRequestConfig | undefined): boolean {
  return (config?.url ?? '').includes('/api/authorizations');
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && 'status_code' in body && typeof body.status_code === 'number';
}

function fail(config: AxiosRequestConfig | undefined, error: ApiError, toastKey?: string): ApiError {
  if (!isQuiet(config)) toast.error(error.message, toastKey);
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

function handleUnauthorized(config: AxiosRequestConfig | undefined, envelope: ApiEnvelope<unknown> | undefined): ApiError {
  const error = new ApiError(CommonMessages.sessionTimeout, envelope?.status_code ?? 401, 401, envelope);
  if (isQuiet(config)) return error;
  // Several calls of one page fail together; the key shows the toast once.
  toast.error(CommonMessages.sessionTimeout, 'session-timeout');
  clearSession();
  if (window.location.pathname !== '/login') onSessionExpired(currentPage());
  return error;
}

async function onFulfilled(response: AxiosResponse<unknown>): Promise<AxiosResponse<unknown>> {
  const { config, data, status } = response;
  if (data instanceof Blob) {
    const envelope = await readBlobEnvelope(data);
    if (envelope && envelope.status_code !== 0) throw fail(config, envelopeError(envelope, status));
    return response;
  }
  if (isEnvelope(data) && data.status_code !== 0) throw fail(config, envelopeError(data, status));
  return response;
}

async function onRejected(error: unknown): Promise<never> {
  if (!(error instanceof AxiosError)) throw error;
  const { config, response } = error;
  if (!response) throw fail(config, new ApiError(CommonMessages.serverBusy, NO_RESPONSE), 'no-response');
  const body: unknown = response.data instanceof Blob ? await readBlobEnvelope(response.data) : response.data;
  const envelope = isEnvelope(body) ? body : undefined;
  if (response.status === 401) throw handleUnauthorized(config, envelope);
  const message = response.status === 403 ? envelope?.message || CommonMessages.forbidden : CommonMessages.serverError(response.status);
  throw fail(config, new ApiError(message, envelope?.status_code ?? response.status, response.status, envelope));
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A file upload or download: it takes as long as the transfer does, not SPEC §9's request time-out. */
    isTransfer?: boolean;
  }
}

const http = axios.create({ timeout: DEFAULT_REQUEST_TIMEOUT });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  config.baseURL = settings.baseURL;
  config.timeout = config.isTransfer ? 0 : settings.timeout;
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const service = getServiceSegment(settings.serviceCookie);
  if (service) config.headers.set('Service', service);
  return config;
});
http.interceptors.response.use(onFulfilled, onRejected);

async function call<T>(config: AxiosRequestConfig): Promise<ApiEnvelope<T>> {
  const response = await http.request<ApiEnvelope<T>>(config);
  return response.data;
}

/** The typed calls the area modules use; each resolves to the envelope's `data`. */
export const api = {
  get: async <T>(url: string, params?: Record<string, unknown>) => (await call<T>({ method: 'GET', url, params })).data,
  post: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'POST', url, data: body })).data,
  put: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'PUT', url, data: body })).data,
  patch: async <T>(url: string, body?: unknown) => (await call<T>({ method: 'PATCH', url, data: body })).data,
  delete: async <T>(url: string) => (await call<T>({ method: 'DELETE', url })).data,
};

export interface DownloadedFile {
  blob: Blob;
  /** From the Content-Disposition header when the server names the file. */
  filename: string | undefined;
}

/** A file download; a JSON answer instead of the file becomes a toast and a rejection (SPEC §8). */
export async function download(config: AxiosRequestConfig): Promise<DownloadedFile> {
  const response = await http.request<Blob>({ ...config, responseType: 'blob', isTransfer: true });
  const disposition = String(response.headers['content-disposition'] ?? '');
  return { blob: response.data, filename: filenameOf(disposition) };
}

/** A multipart upload (the file in the part `file`); `onProgress` gets whole percents. Resolves to the envelope's `data`. */
export async function upload<T>(url: string, file: Blob, filename: string, onProgress?: (percent: number) => void): Promise<T> {
  const form = new FormData();
  form.append('file', file, filename);
  const response = await http.request<ApiEnvelope<T>>({
    method: 'POST',
    url,
    data: form,
    isTransfer: true,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.floor((event.loaded / event.total) * 100));
    },
  });
  return response.data.data;
}

import { TIMING } from '@aesa/shared/constants';
import type { ErrorCode } from '@aesa/shared/error-codes';
import { etagOf } from '@aesa/shared/edit-version';
import { MSG } from '@aesa/shared/messages';
import { clearSession, readToken } from './auth-storage.ts';
import { flash } from './flash.ts';

// The one API client: every failure becomes one of the spec's
// messages, a 401 ends the session in one place, and the few calls the spec names are retried.

export const API_BASE = '/api';

/** How many times the spec retries each call after a failure; everything else: never. */
export const RETRIES = { members: 2, executives: 2, profile: 1 } as const;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'cross-origin' | 'format' | 'abort' | 'unknown';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The parsed response body, when there was one. */
  readonly body: unknown;
  /** The server's reason for a refusal (the shared error-code table), when it gave one. */
  readonly code: ErrorCode | null;
  /** The arguments of the code's message (a position, a year), as the answer carried them. */
  readonly params: unknown[];
  /** The input the refusal is about (`end_time`, `name`), when it is about one. */
  readonly field: string | null;
  /** For a 503 or 429: the seconds the server asked the client to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null = null;
  /** The refusal's response headers, when a response arrived (a busy sign-in's come-back ticket is one). */
  headers: Headers | null = null;

  /** `code`: the answer's code once checked against the table (api-client.ts does); else taken from the body as it is. */
  constructor(message: string, kind: ApiErrorKind, status = 0, body: unknown = undefined, code?: ErrorCode | null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    const { code: sent, params, field } = (body ?? {}) as { code?: unknown; params?: unknown; field?: unknown };
    this.code = code !== undefined ? code : typeof sent === 'string' && sent ? (sent as ErrorCode) : null;
    this.params = Array.isArray(params) ? params : [];
    this.field = typeof field === 'string' && field ? field : null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, or as is when it is FormData (multipart uploads) or URLSearchParams (a form). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra attempts after a failure, waiting 1 s × attempt; never after an abort, 401 or 403. */
  retries?: number;
  /**
   * Whether a 401 means "the session has expired" (the default). The login call passes false:
   * its 401 means wrong credentials, and logout passes false because it ends the session anyway.
   */
  sessionExpiryOn401?: boolean;
  /**
   * The version of the record a change or delete was made from, sent as `If-Match: "<n>"`: a
   * save from an older version is refused with 409 EDIT_CONFLICT (decision 054; lib/edit-conflict.ts).
   */
  version?: number;
  /** Headers to send besides the client's own (a sign-in's come-back ticket). */
  headers?: Record<string, string>;
}

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Called after a 401 has cleared the stored session: the auth state and the router listen. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** Ends a session that ended on its own (a 401, or an expired one found on page load). */
export function expireSession() {
  clearSession();
  flash.error(MSG.sessionExpired);
  if (sessionExpiredListeners.size === 0) {
    globalThis.location?.assign('/login');
    return;
  }
  for (const listener of sessionExpiredListeners) listener();
}

/**
 * The text of a refused call, chosen by its code (lib/refusal-text.ts). The table of every
 * refusal's text is loaded with the first refusal, not with every page; if even that fails, the
 * status line stands in.
 */
export async function refusalTextOf(body: unknown, status: number, statusText: string): Promise<string> {
  return (await refusalOf(body, status, statusText)).text;
}

/** The text of a refused call and its code, checked against the table (null when unknown). */
async function refusalOf(body: unknown, status: number, statusText: string): Promise<{ text: string; code: ErrorCode | null }> {
  try {
    const { refusalText, knownCode } = await import('./refusal-text.ts');
    return { text: refusalText(body, status, statusText), code: knownCode(body) };
  } catch {
    return { text: `HTTP ${status}: ${statusText}`.trimEnd(), code: null };
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function buildInit(options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.version !== undefined) headers.set('If-Match', etagOf(options.version));
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body; // the browser sets the multipart boundary, or the form type, itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' };
}

const INVALID_JSON = Symbol('invalid-json');

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

function transportError(error: unknown, timedOut: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (timedOut) return new ApiError(MSG.timeout, 'timeout');
  const name = (error as { name?: string } | null)?.name;
  if (name === 'AbortError') return new ApiError('The request was cancelled.', 'abort');
  if (error instanceof TypeError) {
    // Browsers report a blocked cross-origin answer and a dead connection with the same
    // TypeError; only the wording sometimes tells them apart.
    return /cors|cross-origin/i.test(error.message)
      ? new ApiError(MSG.crossOrigin, 'cross-origin')
      : new ApiError(MSG.network, 'network');
  }
  return new ApiError(MSG.unknown, 'unknown');
}

async function sendOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMING.requestTimeoutMs);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forwardAbort);

  try {
    const response = await fetch(buildUrl(path, options.query), buildInit(options, controller.signal));
    const body = parseBody(await response.text());
    if (!response.ok) {
      const parsed = body === INVALID_JSON ? undefined : body;
      if (response.status === 401 && options.sessionExpiryOn401 !== false) {
        expireSession();
        throw new ApiError(MSG.sessionExpired, 'http', 401, parsed);
      }
      const refusal = await refusalOf(parsed, response.status, response.statusText);
      const error = new ApiError(refusal.text, 'http', response.status, parsed, refusal.code);
      error.retryAfterSeconds = retryAfterOf(response.headers.get('Retry-After'));
      error.headers = response.headers;
      throw error;
    }
    if (body === INVALID_JSON) throw new ApiError(MSG.invalidFormat, 'format', response.status);
    return body as T;
  } catch (error) {
    throw transportError(error, timedOut);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/** Retry-After in either of its forms (seconds, or an HTTP date) as whole seconds from now; null when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.kind !== 'abort' && error.status !== 401 && error.status !== 403;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('The request was cancelled.', 'abort'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('The request was cancelled.', 'abort'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Sends one API call; resolves with the parsed JSON body or rejects with an ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const retries = Math.max(0, options.retries ?? 0);
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce<T>(path, options);
    } catch (error) {
      if (attempt > retries || !isRetryable(error)) throw error;
      await wait(1000 * attempt, options.signal);
    }
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

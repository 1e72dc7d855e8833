// @vitest-environment happy-dom
import { MSG } from '@aesa/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, ApiError, RETRIES, api, apiRequest, onSessionExpired, retryAfterOf } from './api-client.ts';
import { refusalText } from './refusal-text.ts';
import { AUTH_STORAGE_KEYS, readSession, writeSession } from './auth-storage.ts';
import { dismissFlash, getFlashes } from './flash.ts';
import { sessionUser } from '@/testing/factories.ts';

const user = sessionUser();

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status = 200, statusText = 'OK') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'text/html' } });

let fetchMock: ReturnType<typeof vi.fn>;

function lastCall(): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init };
}

/** A fetch that never answers, but rejects like the browser's when its signal aborts. */
function hangingFetch(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const f of getFlashes()) dismissFlash(f.id);
});

describe('requests', () => {
  it('calls the same-origin /api base and returns the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: [1, 2] }));
    await expect(api.get('/members')).resolves.toEqual({ success: true, data: [1, 2] });
    expect(API_BASE).toBe('/api');
    expect(lastCall().url).toBe('/api/members');
    expect(lastCall().init.method).toBe('GET');
  });

  it('sends the stored bearer token, and none without a session', async () => {
    fetchMock.mockImplementation(async () => json({ success: true }));
    await api.get('/auth/me');
    expect(new Headers(lastCall().init.headers).has('Authorization')).toBe(false);

    writeSession('tok-123', user, Date.now() + 60_000);
    await api.get('/auth/me');
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('does not send an expired token, and drops it from storage', async () => {
    writeSession('old', user, Date.now() - 1);
    fetchMock.mockImplementation(async () => json({ success: true }));
    await api.get('/events');
    expect(new Headers(lastCall().init.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBeNull();
  });

  it('sends JSON bodies with a JSON content type, and FormData as is', async () => {
    fetchMock.mockImplementation(async () => json({ success: true }));
    await api.post('/auth/signup', { email: 'a@b.co', matric_number: 'X1' });
    expect(new Headers(lastCall().init.headers).get('Content-Type')).toBe('application/json');
    expect(lastCall().init.body).toBe(JSON.stringify({ email: 'a@b.co', matric_number: 'X1' }));

    const form = new FormData();
    form.append('type', 'projects');
    await api.post('/profile/me/upload/data-image', form);
    expect(new Headers(lastCall().init.headers).has('Content-Type')).toBe(false);
    expect(lastCall().init.body).toBe(form);
  });

  it('adds query parameters, leaving out empty ones', async () => {
    fetchMock.mockResolvedValue(json([]));
    await api.get('/admin/editorial/article-submissions', { query: { limit: 50, offset: 0, status: undefined } });
    expect(lastCall().url).toBe('/api/admin/editorial/article-submissions?limit=50&offset=0');
  });

  it('resolves an empty success body as undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/profile/me/skills/1')).resolves.toBeUndefined();
  });
});

describe('error messages', () => {
  it('chooses the text by the answer\'s code, never the server\'s words', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'Server words', code: 'ELECTION_END_BEFORE_START', field: 'end_time' }, 400, 'Bad Request'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'End time must be after start time', status: 400, kind: 'http', code: 'ELECTION_END_BEFORE_START', field: 'end_time' });
  });

  it('makes a parameterised text from the answer\'s arguments', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'x', code: 'VOTE_ALREADY_CAST', params: ['President'] }, 409, 'Conflict'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'You have already voted for President', params: ['President'], field: null });
  });

  it('says HTTP {status}: {statusText} for an answer without a code it knows', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Only a message' }, 409, 'Conflict'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'HTTP 409: Conflict', code: null });
    fetchMock.mockResolvedValue(json({ success: false, error: 'x', code: 'NOT_A_CODE' }, 500, 'Internal Server Error'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'HTTP 500: Internal Server Error', code: null });
    fetchMock.mockResolvedValue(json({ success: false, error: 'x', code: 'VOTE_ALREADY_CAST' }, 409, 'Conflict'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'HTTP 409: Conflict' });
    fetchMock.mockResolvedValue(text('<html>gateway</html>', 502, 'Bad Gateway'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway' });
  });

  it('says "Invalid response format" for an unparseable success body', async () => {
    fetchMock.mockResolvedValue(text('<!doctype html><p>not json</p>'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: MSG.invalidFormat, kind: 'format' });
  });

  it('maps a failed connection to the network text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: MSG.network, kind: 'network' });
  });

  it('maps a blocked cross-origin answer to its own text', async () => {
    fetchMock.mockRejectedValue(new TypeError('CORS request did not succeed'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: MSG.crossOrigin, kind: 'cross-origin' });
  });

  it('maps anything else to the unknown-failure text', async () => {
    fetchMock.mockRejectedValue(new RangeError('weird'));
    await expect(api.get('/x')).rejects.toMatchObject({ message: MSG.unknown, kind: 'unknown' });
  });

  it('rejects with ApiError instances', async () => {
    fetchMock.mockResolvedValue(json({ error: 'no' }, 400));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('refusalText reads only a known code and its arguments', () => {
    expect(refusalText({ code: 'NOT_FOUND', error: 'other' }, 404, 'Not Found')).toBe('Not found');
    expect(refusalText({ error: { code: 1 } }, 418, "I'm a teapot")).toBe("HTTP 418: I'm a teapot");
    expect(refusalText(undefined, 500, '')).toBe('HTTP 500:');
  });
});

describe('timeout (15 s)', () => {
  it('aborts after 15 seconds with the timeout text', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const outcome = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ message: MSG.timeout, kind: 'timeout' });
  });

  it('a caller abort is not a timeout and is not retried', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const outcome = api.get('/members', { signal: controller.signal, retries: RETRIES.members }).catch((e: unknown) => e);
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ kind: 'abort' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('401 ends the session', () => {
  beforeEach(() => writeSession('tok', user, Date.now() + 60_000));

  it('removes token, expiry and user, flashes "Session expired" and tells the listeners', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    fetchMock.mockResolvedValue(json({ success: false, error: 'Authentication required. Please log in.' }, 401, 'Unauthorized'));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, message: MSG.sessionExpired });
    stop();
    for (const key of Object.values(AUTH_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(readSession()).toBeNull();
    expect(getFlashes()).toContainEqual(expect.objectContaining({ type: 'error', message: MSG.sessionExpired }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('goes to /login itself when nothing listens', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockResolvedValue(json({ success: false, error: 'no' }, 401, 'Unauthorized'));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone for the login call, whose 401 means wrong credentials', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    fetchMock.mockResolvedValue(json({ success: false, error: 'Invalid matric number or password', code: 'AUTH_INVALID_CREDENTIALS' }, 401, 'Unauthorized'));
    await expect(api.post('/auth/token', {}, { sessionExpiryOn401: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid matric number or password',
    });
    stop();
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBe('tok');
    expect(getFlashes()).toHaveLength(0);
  });
});

describe('Retry-After', () => {
  it('carries the seconds a refusal asked the client to wait', async () => {
    const busy = new Response(JSON.stringify({ success: false, error: 'busy', code: 'AUTH_SIGN_IN_BUSY' }), {
      status: 503,
      statusText: 'Service Unavailable',
      headers: { 'Content-Type': 'application/json', 'Retry-After': '17', 'Come-Back-Ticket': '1795800000000.abc' },
    });
    fetchMock.mockResolvedValueOnce(busy);
    const error = (await api.post('/auth/token', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'AUTH_SIGN_IN_BUSY', retryAfterSeconds: 17 });
    expect(error.headers?.get('Come-Back-Ticket')).toBe('1795800000000.abc'); // what the login page sends back
    fetchMock.mockResolvedValueOnce(json({ error: 'down' }, 503, 'Service Unavailable'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503, retryAfterSeconds: null });
  });

  it('sends the headers a call adds, beside its own', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await api.post('/auth/token', {}, { headers: { 'Come-Back-Ticket': '1795800000000.abc', Accept: 'text/html' } });
    const headers = lastCall().init.headers as Headers;
    expect(headers.get('Come-Back-Ticket')).toBe('1795800000000.abc');
    expect(headers.get('Accept')).toBe('application/json'); // the client's own win
  });

  it('reads both forms of the header', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterOf('5', now)).toBe(5);
    expect(retryAfterOf('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterOf('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterOf('soon', now)).toBeNull();
    expect(retryAfterOf(null, now)).toBeNull();
  });
});

describe('retries', () => {
  it('retries members and executives up to 2 times, waiting 1 s × attempt', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(json({ error: 'down' }, 503, 'Service Unavailable'))
      .mockResolvedValueOnce(json({ error: 'down' }, 503, 'Service Unavailable'))
      .mockResolvedValueOnce(json({ success: true, data: [] }));
    const result = api.get('/members', { retries: RETRIES.members });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ success: true, data: [] });
    expect(RETRIES).toEqual({ members: 2, executives: 2, profile: 1 });
  });

  it('gives up after the last retry with the last error', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = apiRequest('/profile/abc', { retries: RETRIES.profile }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toMatchObject({ message: MSG.network });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
  ])('never retries a %i', async (status, statusText) => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'no' }, status, statusText));
    await expect(api.get('/members', { retries: 2 })).rejects.toMatchObject({ status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry unless asked', async () => {
    fetchMock.mockResolvedValue(json({ error: 'down' }, 500));
    await expect(api.get('/events')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

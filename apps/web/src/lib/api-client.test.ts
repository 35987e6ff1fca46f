import { REQUEST_TIMEOUT_MS } from '@krapao/contracts/constants';
import { IDENTITY_FAILED_TH } from '@krapao/contracts/errors';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER, WALLET_USER_VALUE } from '@krapao/contracts/http-headers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { apiClient } from './api-client';
import { ApiError, errorText } from './api-error';
import { i18n } from './i18n';
import { inFlightCount } from './in-flight';
import { setNavigate } from './navigation';
import { getToken, setToken } from './storage';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigate(navigate);
});

describe('headers', () => {
  it('sends the wallet-user header always and the bearer token only when present', async () => {
    const api = mockFetch({ 'GET /api/x': { body: { ok: 1 } } });
    await apiClient.get('/api/x');
    setToken('tok', false);
    await apiClient.get('/api/x');
    const [anon, signedIn] = api.calls;
    expect(anon?.headers.get(WALLET_USER_HEADER)).toBe(WALLET_USER_VALUE);
    expect(anon?.headers.get('Authorization')).toBeNull();
    expect(signedIn?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends JSON bodies and the idempotency key of the action', async () => {
    const api = mockFetch({ 'POST /api/y': { body: { done: true } } });
    const result = await apiClient.post<{ done: boolean }>('/api/y', { a: 1 }, { idempotencyKey: 'key-1' });
    expect(result).toEqual({ done: true });
    expect(api.calls[0]?.body).toEqual({ a: 1 });
    expect(api.calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(api.calls[0]?.headers.get(IDEMPOTENCY_HEADER)).toBe('key-1');
  });
});

describe('language', () => {
  it('tells the server the current language, so its texts come in it', async () => {
    const api = mockFetch({ 'GET /api/lookup/notice': { body: { notice: '' } } });
    const before = i18n.language;
    await i18n.changeLanguage('la');
    await apiClient.get('/api/lookup/notice');
    await i18n.changeLanguage('en');
    await apiClient.get('/api/lookup/notice');
    await i18n.changeLanguage(before);
    expect(api.calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['la', 'en']);
  });
});

describe('response handling', () => {
  it("a 'gone' message sends the user to /terminated", async () => {
    mockFetch({ 'GET /api/wallet': { status: 410, body: { message: 'gone' } } });
    await expect(apiClient.get('/api/wallet')).rejects.toMatchObject({ code: 'gone' });
    expect(navigate).toHaveBeenCalledWith('/terminated');
  });

  it("'invalid-token' clears the token and goes to /login", async () => {
    setToken('tok', true);
    mockFetch({ 'GET /api/wallet': { status: 401, body: { message: 'invalid-token' } } });
    await expect(apiClient.get('/api/wallet')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('the Thai cannot-verify-identity message also goes to /login', async () => {
    setToken('tok', false);
    mockFetch({ 'GET /api/wallet': { status: 401, body: { message: IDENTITY_FAILED_TH } } });
    await expect(apiClient.get('/api/wallet')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('other errors throw an ApiError with the code and keep the session', async () => {
    setToken('tok', true);
    mockFetch({ 'POST /api/login': { status: 401, body: { message: 'WRONG_CREDENTIAL' } } });
    const err = await apiClient.post('/api/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'WRONG_CREDENTIAL', status: 401 });
    expect(getToken()).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('times out after REQUEST_TIMEOUT_MS and releases the loader count', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const pending = apiClient.get('/api/slow').catch((e: unknown) => e);
    expect(inFlightCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(inFlightCount()).toBe(0);
  });
});

describe('errorText', () => {
  it('translates a code the errors catalogue knows', () => {
    i18n.addResource('en', 'errors', 'TEST_ONLY_CODE', 'Translated for the test');
    expect(errorText(i18n.t, new ApiError('TEST_ONLY_CODE', 400))).toBe('Translated for the test');
  });

  it("falls back to the server's text", () => {
    expect(errorText(i18n.t, new ApiError('foo bar', 400))).toBe('foo bar');
    expect(errorText(i18n.t, new ApiError('UNLISTED_CODE', 400))).toBe('UNLISTED_CODE');
    expect(errorText(i18n.t, new ApiError('เกิดข้อผิดพลาด: ลองใหม่', 500))).toBe('เกิดข้อผิดพลาด: ลองใหม่');
  });

  it('explains network failures in the UI language', () => {
    expect(errorText(i18n.t, new ApiError('NETWORK_ERROR', 0, 'network'))).toMatch(/reach the server/);
  });
});

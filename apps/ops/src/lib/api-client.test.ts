import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER, opsPaths } from '@krapao/contracts/ops/paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setCookie } from '../test/render';
import { apiClient, buildUrl } from './api-client';
import { ApiError } from './api-error';
import { csrfToken } from './csrf';
import { setNavigate } from './navigation';

afterEach(() => setNavigate(() => {}));

describe('the console API client', () => {
  it('sends the CSRF cookie back on a change, and not on a read', async () => {
    setCookie(OPS_CSRF_COOKIE, 'abc%3D1');
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.get(opsPaths.me);
    await apiClient.post(opsPaths.logout);
    const [read, change] = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(new Headers(read?.[1].headers).has(OPS_CSRF_HEADER)).toBe(false);
    expect(new Headers(change?.[1].headers).get(OPS_CSRF_HEADER)).toBe('abc=1');
    expect(change?.[1].credentials).toBe('same-origin');
  });

  it('sends a signed-out browser to the sign-in page, and throws the code', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'OPS_SIGNED_OUT' })),
    );
    await expect(apiClient.get(opsPaths.staff)).rejects.toEqual(new ApiError('OPS_SIGNED_OUT', 401));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('stays put on any other refusal', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { message: 'OPS_FORBIDDEN' })),
    );
    await expect(apiClient.get(opsPaths.staff)).rejects.toMatchObject({ code: 'OPS_FORBIDDEN', status: 403 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('fills path parameters and leaves out empty filters', () => {
    expect(buildUrl(opsPaths.staffRole, { staffId: 7 })).toBe('/api/ops/staff/7/role');
    expect(buildUrl(opsPaths.audit, {}, { memberId: 3, objectType: '', beforeSeq: undefined, limit: 50 })).toBe(
      '/api/ops/audit?memberId=3&limit=50',
    );
    expect(csrfToken('a=1; krapao_ops_csrf=t%20k; b=2')).toBe('t k');
  });
});

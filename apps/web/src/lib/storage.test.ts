import { describe, expect, it } from 'vitest';
import {
  clearSession,
  GUEST_ID_PREFIX,
  getGuestId,
  getInviterCode,
  getLiveCursor,
  getToken,
  replaceToken,
  STORAGE_KEYS,
  setAgreementAccepted,
  setInviterCode,
  setLastSync,
  setLiveCursor,
  setToken,
} from './storage';

describe('token storage', () => {
  it('keeps a remembered token in localStorage', () => {
    setToken('abc', true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getToken()).toBe('abc');
  });

  it('keeps an unremembered token in sessionStorage only', () => {
    setToken('abc', false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getToken()).toBe('abc');
  });

  it('a new login replaces the old token wherever it was', () => {
    setToken('old', true);
    setToken('new', false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getToken()).toBe('new');
  });

  it("a sign-in sets this tab's live place to the session's beginning; a sign-out drops it", () => {
    setLiveCursor({ cursor: 12, seen: [12] });
    setToken('new', true);
    expect(getLiveCursor()).toEqual({ cursor: 0, seen: [] });
    clearSession();
    expect(getLiveCursor()).toBeNull();
  });

  it('replaceToken keeps the storage of the current session', () => {
    setToken('old', true);
    replaceToken('fresh');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh');
    setToken('old', false);
    replaceToken('fresh2');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('fresh2');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout clears token, agreement flag and last-sync time but keeps locale and inviter', () => {
    setToken('abc', true);
    setAgreementAccepted();
    setLastSync();
    setInviterCode('PR42');
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    clearSession();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBeNull();
    expect(getInviterCode()).toBe('PR42');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
  });
});

describe('guest id', () => {
  it('is made once with the guest- prefix and reused', () => {
    const id = getGuestId();
    expect(id.startsWith(GUEST_ID_PREFIX)).toBe(true);
    expect(getGuestId()).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.guestId)).toBe(id);
  });
});

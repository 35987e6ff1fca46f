import { describe, expect, it } from 'vitest';
import { launchAction, launchKind } from './games.ts';

const account = { username: 'kp1abc', password: 'Pw 1/2', event: null };

describe('launchAction', () => {
  it('posts username and password to the sign-in for JOKER and SLOTXO', () => {
    expect(launchAction('JOKER', 'http://p.example/signin/JOKER', account)).toEqual({
      kind: 'form',
      action: 'http://p.example/signin/JOKER',
      fields: { username: 'kp1abc', password: 'Pw 1/2' },
    });
  });

  it('posts the issued hidden state plus the password for UFABET', () => {
    const event = { __VIEWSTATE: 'vs', __EVENTVALIDATION: 'ev', txtUserName: 'kp1abc' };
    expect(launchAction('UFABET', 'http://p.example/ufabet/login', { ...account, event })).toEqual({
      kind: 'form',
      action: 'http://p.example/ufabet/login',
      fields: { ...event, txtPassword: 'Pw 1/2' },
    });
  });

  it('redirects SUPERSLOT with the credentials in the query, encoded', () => {
    const action = launchAction('SUPERSLOT', 'http://p.example/superslot/login', account);
    expect(action?.kind).toBe('redirect');
    const url = new URL(action?.kind === 'redirect' ? action.url : '');
    expect(url.searchParams.get('username')).toBe('kp1abc');
    expect(url.searchParams.get('password')).toBe('Pw 1/2');
  });

  it('calls the auto-login path, with the password only where the path carries one', () => {
    expect(launchAction('PG', null, account)).toEqual({ kind: 'autoLogin', path: '/api/autoLogin/pg/kp1abc' });
    expect(launchAction('PGSLOT', null, account)).toEqual({
      kind: 'autoLogin',
      path: '/api/autoLogin/pgslot/kp1abc/Pw%201%2F2',
    });
  });

  it('opens SEXYGAME and unlisted codes in a new tab, and gives up without a URL', () => {
    expect(launchKind('SOMETHING_NEW')).toBe('newTab');
    expect(launchAction('SEXYGAME', 'http://p.example/lobby/SEXYGAME', account)).toEqual({
      kind: 'newTab',
      url: 'http://p.example/lobby/SEXYGAME',
    });
    expect(launchAction('JOKER', null, account)).toBeNull();
    expect(launchAction('SEXYGAME', null, account)).toBeNull();
  });
});

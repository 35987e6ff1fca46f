import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LaunchBrowser, type LaunchOptions, launchGame, postForm, ufabetAction } from './launch';

const ACCOUNT = { username: 'kp_user1', password: 's3cret/+', event: null };

function setup(overrides: Partial<LaunchOptions> = {}) {
  const browser: LaunchBrowser = { postForm: vi.fn(), assign: vi.fn(), openTab: vi.fn() };
  const fetchLink = vi.fn(async () => ({ link: 'https://play.test/session/abc' }));
  const options: LaunchOptions = { iframeMode: false, customHost: '', fetchLink, browser, ...overrides };
  return { browser, fetchLink, options };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('launchGame by kind', () => {
  it('JOKER and SLOTXO: hidden form POST of username and password to slot.web', async () => {
    for (const code of ['JOKER', 'SLOTXO']) {
      const { browser, options } = setup();
      await launchGame({ code, web: 'https://joker.test/signin' }, ACCOUNT, options);
      expect(browser.postForm).toHaveBeenCalledWith('https://joker.test/signin', {
        username: 'kp_user1',
        password: 's3cret/+',
      });
      expect(browser.assign).not.toHaveBeenCalled();
    }
  });

  it('UFABET: form POST of the event bag fields (plus the password) to slot.web', async () => {
    const { browser, options } = setup();
    const event = { __VIEWSTATE: 'vs==', __EVENTVALIDATION: 'ev', txtUserName: 'kp_user1' };
    await launchGame({ code: 'UFABET', web: 'https://ufa.test/Default8.aspx?lang=th' }, { ...ACCOUNT, event }, options);
    expect(browser.postForm).toHaveBeenCalledWith('https://ufa.test/Default8.aspx?lang=th', {
      ...event,
      txtPassword: 's3cret/+',
    });
  });

  it('UFABET with a custom host: that host origin with the same path', async () => {
    const { browser, options } = setup({ customHost: 'https://my-ufa.example/ignored' });
    await launchGame(
      { code: 'UFABET', web: 'https://ufa.test/Default8.aspx?lang=th' },
      { ...ACCOUNT, event: {} },
      options,
    );
    expect(browser.postForm).toHaveBeenCalledWith('https://my-ufa.example/Default8.aspx?lang=th', {
      txtPassword: 's3cret/+',
    });
    expect(ufabetAction(null, 'my-ufa.example')).toBe('https://my-ufa.example');
    expect(ufabetAction('https://ufa.test/x', '')).toBe('https://ufa.test/x');
  });

  it('SUPERSLOT: redirect with the credentials in the query string', async () => {
    const { browser, options } = setup();
    await launchGame({ code: 'SUPERSLOT', web: 'https://superslot.test/login' }, ACCOUNT, options);
    expect(browser.assign).toHaveBeenCalledWith('https://superslot.test/login?username=kp_user1&password=s3cret%2F%2B');
  });

  it('SEXYGAME and unlisted codes: slot.web in a new tab', async () => {
    for (const code of ['SEXYGAME', 'SOMETHING_NEW']) {
      const { browser, options } = setup();
      await launchGame({ code, web: 'https://sexy.test/' }, ACCOUNT, options);
      expect(browser.openTab).toHaveBeenCalledWith('https://sexy.test/');
    }
  });

  it('auto-login without password: the path has the username only; the page goes to the link', async () => {
    const { browser, fetchLink, options } = setup();
    await launchGame({ code: 'PG', web: null }, ACCOUNT, options);
    expect(fetchLink).toHaveBeenCalledWith('/api/autoLogin/pg/kp_user1');
    expect(browser.assign).toHaveBeenCalledWith('https://play.test/session/abc');
    expect(browser.openTab).not.toHaveBeenCalled();
  });

  it('auto-login in iframe mode opens the link in a new tab', async () => {
    const { browser, fetchLink, options } = setup({ iframeMode: true });
    await launchGame({ code: 'ASKMEBET', web: null }, ACCOUNT, options);
    expect(fetchLink).toHaveBeenCalledWith('/api/autoLogin/askmebet/kp_user1/s3cret%2F%2B');
    expect(browser.openTab).toHaveBeenCalledWith('https://play.test/session/abc');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('resolves false and opens nothing when a kind that needs slot.web has none', async () => {
    for (const code of ['JOKER', 'SUPERSLOT', 'SEXYGAME']) {
      const { browser, options } = setup();
      expect(await launchGame({ code, web: null }, ACCOUNT, options)).toBe(false);
      expect(browser.postForm).not.toHaveBeenCalled();
      expect(browser.assign).not.toHaveBeenCalled();
      expect(browser.openTab).not.toHaveBeenCalled();
    }
  });
});

describe('postForm', () => {
  it('builds a hidden POST form with one hidden input per field, submits it and removes it', () => {
    let submitted: HTMLFormElement | null = null;
    let inputs: [string, string, string][] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted = this;
      inputs = Array.from(this.querySelectorAll('input'), (i) => [i.type, i.name, i.value]);
      expect(document.body.contains(this)).toBe(true);
    });
    postForm('https://joker.test/signin', { username: 'u1', password: 'p1' });
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submitted as unknown as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://joker.test/signin');
    expect(inputs).toEqual([
      ['hidden', 'username', 'u1'],
      ['hidden', 'password', 'p1'],
    ]);
    expect(document.querySelector('form')).toBeNull();
    submit.mockRestore();
  });
});

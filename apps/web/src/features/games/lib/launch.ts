// Game login (docs/product.md §2.6): the contracts decide what to do from the game code (launchAction);
// this module does it in the browser, with the SPA's build settings (iframe mode, custom host; docs/product.md §6).
import { type LaunchAccount, launchAction, UFABET_GAME } from '@krapao/contracts/games';
import type { TAutoLoginResponse } from '@krapao/contracts/wallet';

export type LaunchSlot = { code: string; web: string | null };

/** The browser side effects, injectable so each kind is tested without leaving the page. */
export type LaunchBrowser = {
  postForm: (action: string, fields: Record<string, string>) => void;
  assign: (url: string) => void;
  openTab: (url: string) => void;
};

export type LaunchOptions = {
  /** Build setting: the auto-login link opens in a new tab. */
  iframeMode: boolean;
  /** Build setting: overrides the UFABET launch host. */
  customHost: string;
  /** GET of an auto-login path → { link }. */
  fetchLink: (path: string) => Promise<TAutoLoginResponse>;
  browser?: LaunchBrowser;
};

/** A hidden form, submitted in this tab, then removed. */
export function postForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

export const windowBrowser: LaunchBrowser = {
  postForm,
  assign: (url) => window.location.assign(url),
  openTab: (url) => {
    window.open(url, '_blank', 'noopener');
  },
};

/** UFABET posts to its own web address, or to the custom host's origin with the same path. */
export function ufabetAction(web: string | null, customHost: string): string | null {
  if (!customHost) return web;
  const host = /^https?:\/\//i.test(customHost) ? customHost : `https://${customHost}`;
  const origin = new URL(host).origin;
  if (!web) return origin;
  const target = new URL(web, window.location.origin);
  return `${origin}${target.pathname}${target.search}`;
}

/**
 * Starts the game. Resolves false when the game has no address to open (slot.web is null for a
 * kind that needs it); auto-login errors are thrown to the caller.
 */
export async function launchGame(slot: LaunchSlot, account: LaunchAccount, options: LaunchOptions): Promise<boolean> {
  const browser = options.browser ?? windowBrowser;
  const web = slot.code === UFABET_GAME ? ufabetAction(slot.web, options.customHost) : slot.web;
  const action = launchAction(slot.code, web, account);
  if (!action) return false;
  switch (action.kind) {
    case 'form':
      browser.postForm(action.action, action.fields);
      break;
    case 'redirect':
      browser.assign(action.url);
      break;
    case 'newTab':
      browser.openTab(action.url);
      break;
    case 'autoLogin': {
      const { link } = await options.fetchLink(action.path);
      if (options.iframeMode) browser.openTab(link);
      else browser.assign(link);
      break;
    }
  }
  return true;
}

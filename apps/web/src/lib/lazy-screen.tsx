// Lazily loaded screens and modals. Each one's code and its locale namespaces (locales/load-plan.json)
// load together, so it never paints raw keys and /login ships only what it needs (decision 033).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { screens } from '../locales/load-plan.json';
import { loadNamespaces } from './i18n';

export type ScreenName = keyof typeof screens;

// biome-ignore lint/complexity/noBannedTypes: a screen without props
export type Screen<P extends object = {}> = {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts (once) loading the code and the namespaces; the route table calls it for every matched route. */
  preload: () => Promise<unknown>;
};

// biome-ignore lint/complexity/noBannedTypes: a screen without props
export function lazyScreen<M, P extends object = {}>(
  name: ScreenName,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Screen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= Promise.all([load(), loadNamespaces(screens[name])]).then(([module]) => ({ default: pick(module) }));
    return pending;
  };
  return { Component: lazy(preload), preload };
}

import { render, screen } from '@testing-library/react';
import { options } from 'preact';
import * as preactCompat from 'preact/compat';
import * as preactClient from 'preact/compat/client';
import * as react from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, expect, it } from 'vitest';

// The member SPA ships Preact through compat (vite-preact.ts): the tests must render with it too, the
// libraries' own imports of React included, or they would test a runtime that never ships.

function Where() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return <p data-testid="where">{`${pathname} ${t('actions.reload')}`}</p>;
}

const previousDiffed = options.diffed;
afterEach(() => {
  options.diffed = previousDiffed;
});

it('resolves react and react-dom/client to preact/compat', () => {
  expect(react.Component).toBe(preactCompat.Component);
  expect(createRoot).toBe(preactClient.createRoot);
});

it('renders the router, i18next and Testing Library through Preact', () => {
  const rendered: string[] = [];
  options.diffed = (vnode) => {
    if (typeof vnode.type === 'function' && vnode.type.name) rendered.push(vnode.type.name);
    previousDiffed?.(vnode);
  };
  render(
    <MemoryRouter initialEntries={['/user/home']}>
      <Where />
    </MemoryRouter>,
  );
  expect(screen.getByTestId('where').textContent).toBe('/user/home Reload');
  expect(rendered).toEqual(expect.arrayContaining(['Where', 'MemoryRouter']));
});

import type { Alias } from 'vite';

/**
 * The member SPA renders with Preact through `preact/compat`: the sources import React, the build and
 * the component tests resolve those imports to Preact (decision 105). The same table serves both, so
 * the tests render with what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next imports the hook from this shim, which on React ≥ 18 hands back React's own
  // (`React.useSyncExternalStore ?? fallback`): import it from compat and ship neither the fallback
  // nor its CommonJS wrapper.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

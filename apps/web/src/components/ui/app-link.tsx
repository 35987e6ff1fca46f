// In-app links. react-router's <Link>/<NavLink> carry the framework mode's prefetching and view
// transitions (~3 KB gz in the router chunk every route loads); the SPA needs none of it (decision 033).
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path inside the app. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain click moves the router; a modified or middle click, or another target, stays the browser's. */
function ownsClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return !event.defaultPrevented && event.button === 0 && !modified && (!target || target === '_self');
}

export function AppLink({ to, replace, onClick, target, ...props }: AppLinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!ownsClick(event, target)) return;
        event.preventDefault();
        // Like react-router's <Link>: a link to the page already shown replaces it in the history.
        navigate(to, { replace: replace ?? `${location.pathname}${location.search}${location.hash}` === to });
      }}
    />
  );
}

/** Whether `to` is the current page or (unless `end`) one of its parents, as <NavLink> decides. */
export function useIsActive(to: string, end = false): boolean {
  const { pathname } = useLocation();
  const base = to.length > 1 ? to.replace(/\/+$/, '') : to;
  return pathname === base || (!end && pathname.startsWith(base === '/' ? '/' : `${base}/`));
}

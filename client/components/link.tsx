// The app's in-app links: a real <a href> (it works before hydration, opened in a new tab and without JavaScript)
// whose click React Router turns into a client-side navigation. React Router's own <Link> carries its framework
// mode's route prefetching and URL masking (PrefetchPageLinks, the route-module loader), which this app, a data
// router without framework mode, never uses; built from the router's public hooks, the entry ships without them
// (issue 35 §1: about 2 KiB gzipped of script before interaction, measured with `npm run bundle:size`).
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, preventScrollReset, reloadDocument, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, preventScrollReset });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // useLinkClickHandler leaves modified clicks (new tab, new window) and other targets to the browser.
    if (!event.defaultPrevented && !reloadDocument) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/**
 * A navigation link that marks the current page with aria-current="page" (the style keys on it). `end` marks it only
 * on its own path, not on the paths below it.
 */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = useResolvedPath(props.to).pathname;
  const here = pathname.toLowerCase();
  const own = target.toLowerCase().replace(/(.)\/$/, '$1');
  const active = here === own || (!end && own !== '/' && here.startsWith(`${own}/`));
  return <Link aria-current={active ? 'page' : undefined} {...props} />;
}

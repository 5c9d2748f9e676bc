import type { Location } from 'react-router';

export const HOME_PATH = '/dashboard';

/** /login with the page to come back to (SPEC §2). */
export function loginPath(location: Pick<Location, 'pathname' | 'search'>): string {
  const back = `${location.pathname}${location.search}`;
  return back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * Where to go after signing in: the `redirect` query only when it is a path of this site, so a
 * crafted link cannot send a fresh session to another origin.
 */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname === '/login') return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

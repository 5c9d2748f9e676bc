import Cookies from 'js-cookie';
import type { UserProfile } from '@osp/shared';

/** Cookie names agreed in docs/web-contract.md. */
export const TOKEN_COOKIE = 'osp_token';
export const USER_COOKIE = 'osp_user';
/** Used until GET /api/settings says otherwise. */
export const DEFAULT_SERVICE_COOKIE = 'osp_service';

/** What osp_user holds: enough to greet the user before the profile call returns. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
}

// The token must be readable by script (it goes into the Authorization header), so SameSite=Strict
// is what keeps other sites from riding on it.
const cookieAttributes = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'strict',
  secure: window.location.protocol === 'https:',
});

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function hasSession(): boolean {
  return getToken() !== undefined;
}

export function saveToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, cookieAttributes());
}

export function saveSessionUser(profile: Pick<UserProfile, 'id' | 'username' | 'name'>): void {
  const user: SessionUser = { id: profile.id, username: profile.username, name: profile.name };
  Cookies.set(USER_COOKIE, JSON.stringify(user), cookieAttributes());
}

export function getSessionUser(): SessionUser | undefined {
  const raw = Cookies.get(USER_COOKIE);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string') {
      return value as SessionUser;
    }
  } catch {
    // A cookie edited by hand is ignored; the profile call supplies the name anyway.
  }
  return undefined;
}

export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove(USER_COOKIE, { path: '/' });
}

/** SPEC §2: the first path segment of the current page, sent back as the Service header. */
export function saveServiceSegment(cookieName: string, pathname: string): void {
  const segment = pathname.split('/')[1] ?? '';
  Cookies.set(cookieName, segment, cookieAttributes());
}

export function getServiceSegment(cookieName: string): string | undefined {
  return Cookies.get(cookieName) || undefined;
}

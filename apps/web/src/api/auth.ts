import type { Authorization, AuthorizationCheckResult, Captcha, Login } from '@osp/shared';
import { api } from './client';

// Every call here is under /api/authorizations: the client passes their failures to the caller
// without a toast, and the sign-in page shows them itself (SPEC §8).

export function checkAuthorization(username: string): Promise<AuthorizationCheckResult> {
  return api.post<AuthorizationCheckResult>('/api/authorizations/check', { username });
}

export function fetchCaptcha(): Promise<Captcha> {
  return api.post<Captcha>('/api/authorizations/captcha');
}

export function signIn(login: Login): Promise<Authorization> {
  return api.post<Authorization>('/api/authorizations', login);
}

export function signOut(): Promise<null> {
  return api.delete<null>('/api/authorizations/current');
}

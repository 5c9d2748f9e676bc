import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiEnvelope, Authorization, ForceView, Person, UserProfile } from '@osp/shared';
import { BASE_URL, DEMO_PASSWORD } from './env';

/** What the web app keeps in the osp_user cookie (docs/web-contract.md). */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

async function envelope<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<ApiEnvelope<T>> {
  expect(response.status(), `${response.url()} answered HTTP ${response.status()}`).toBe(200);
  return (await response.json()) as ApiEnvelope<T>;
}

/** POST /api/authorizations; returns the bearer token. */
export async function apiSignIn(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const body = await envelope<Authorization>(await request.post('/api/authorizations', { data: { username, password } }));
  expect(body.status_code, `sign-in of ${username}: ${body.message}`).toBe(0);
  return body.data.token;
}

export async function apiProfile(request: APIRequestContext, token: string): Promise<UserProfile> {
  const body = await envelope<UserProfile>(await request.get('/api/user/profile', { headers: bearer(token) }));
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

export async function apiPerson(request: APIRequestContext, token: string): Promise<Person> {
  const body = await envelope<Person>(await request.get('/api/person', { headers: bearer(token) }));
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

export async function apiForceView(request: APIRequestContext, token: string): Promise<ForceView> {
  const body = await envelope<ForceView>(await request.get('/api/article/force/view', { headers: bearer(token) }));
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

/** Confirms every forced-read article of the token's user, so that the guard lets them through. */
export async function confirmForcedArticles(request: APIRequestContext, token: string): Promise<number[]> {
  const confirmed: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const force = await apiForceView(request, token);
    if (force.forceView !== 1 || force.forceViewArticleId === null) return confirmed;
    const id = force.forceViewArticleId;
    expect(confirmed, `article ${id} is still forced after its confirmation`).not.toContain(id);
    const body = await envelope<unknown>(await request.post(`/api/article/${id}/view/confirm`, { headers: bearer(token) }));
    expect(body.status_code, body.message).toBe(0);
    confirmed.push(id);
  }
  throw new Error('more than 20 forced-read articles');
}

/** The HTTP status a call with this token gets: 200 while it is valid, 401 once it is revoked. */
export async function tokenStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/user/profile', { headers: bearer(token) });
  return response.status();
}

/**
 * The one demo user with a forced-read article (apps/server/src/seed/seed.ts). There is no API to
 * make another, so his article belongs to auth/forced-article.spec.ts alone: a journey that signed
 * in as him through the pages would confirm it. Journeys that need a colleague of 技术部 make their
 * own (support/people.ts createPerson).
 */
export const FORCED_ARTICLE_READER = 'zhangsan';

/**
 * Signs in through the API (STYLE: faster than the form) and puts the session cookies of
 * docs/web-contract.md into the page's browser context; navigate afterwards. Forced-read
 * articles are confirmed first unless the journey is about them.
 */
export async function signInViaApi(
  page: Page,
  username: string,
  options: { password?: string; confirmForced?: boolean } = {},
): Promise<SignedIn> {
  const confirmForced = options.confirmForced ?? true;
  if (confirmForced && username === FORCED_ARTICLE_READER) {
    throw new Error(`${username}'s forced-read article is auth/forced-article.spec.ts's: make a person of your own (support/people.ts)`);
  }
  const request = page.request;
  const token = await apiSignIn(request, username, options.password);
  const profile = await apiProfile(request, token);
  if (confirmForced) await confirmForcedArticles(request, token);
  const user: SessionUser = { id: profile.id, username: profile.username, name: profile.name };
  await page.context().addCookies([
    { name: 'osp_token', value: token, url: BASE_URL, sameSite: 'Strict' },
    // Encoded as js-cookie writes it: JSON with Chinese is not a valid raw cookie value.
    { name: 'osp_user', value: encodeURIComponent(JSON.stringify(user)), url: BASE_URL, sameSite: 'Strict' },
  ]);
  return { token, user };
}

/**
 * Signs another person in on a page that shows the app as someone else. The page leaves the app first: a request of
 * the old session answered 401 while the cookies change would make the app sign out — clearing the new person's
 * cookies as it does — and the next page would open on /login.
 */
export async function switchPersonViaApi(
  page: Page,
  username: string,
  options: { password?: string; confirmForced?: boolean } = {},
): Promise<SignedIn> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  return signInViaApi(page, username, options);
}

/** The osp_token cookie the page currently holds, if any. */
export async function cookieToken(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies(BASE_URL);
  return cookies.find((cookie) => cookie.name === 'osp_token')?.value;
}

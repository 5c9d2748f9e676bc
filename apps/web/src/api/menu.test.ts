import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { menuKey } from './menu';
import { MENU_PATH } from './menu-version';
import { queryClient } from './query-client';

/*
 * The menu query, the API client and the version tracker together (issue 12): the menu is asked for once,
 * and again only when an answer's X-Menu-Version differs from the one the menu came with.
 */

/** The version the fake server names on every answer, and the paths it was asked for. */
let serverVersion = 'v1';
let asked: string[] = [];

function answer(path: string): Response {
  const data = path === MENU_PATH ? [{ id: 1, name: `menu ${serverVersion}`, children: [] }] : {};
  return new Response(JSON.stringify({ status_code: 0, message: 'ok', data }), {
    headers: { 'content-type': 'application/json', 'x-menu-version': serverVersion },
  });
}

const menuLoads = () => asked.filter((path) => path === MENU_PATH).length;

/** What the menu query shows, kept active as on the signed-in pages. */
let stopObserving: () => void = () => {};

beforeEach(async () => {
  serverVersion = 'v1';
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = new URL(url, 'http://osp.test').pathname;
      asked.push(path);
      return Promise.resolve(answer(path));
    }),
  );
  queryClient.clear();
  // The same query as useMenu's, observed as the guard observes it.
  const observer = new QueryObserver(queryClient, {
    queryKey: menuKey,
    queryFn: () => api.get<unknown>(MENU_PATH),
    staleTime: Infinity,
  });
  stopObserving = observer.subscribe(() => {});
  await vi.waitFor(() => expect(queryClient.getQueryData(menuKey)).toBeDefined());
});

afterEach(() => {
  stopObserving();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the menu and X-Menu-Version', () => {
  it('is not asked for again while every answer names the version it was loaded with', async () => {
    await api.get('/api/bills');
    await api.get('/api/dashboard');
    await api.post('/api/bills/1/track', {});
    expect(menuLoads()).toBe(1);
  });

  it('is asked for exactly once more when answers name a new version', async () => {
    serverVersion = 'v2';
    await Promise.all([api.get('/api/bills'), api.get('/api/dashboard'), api.get('/api/article/force/view')]);
    await vi.waitFor(() => expect(queryClient.getQueryData(menuKey)).toEqual([{ id: 1, name: 'menu v2', children: [] }]));
    await api.get('/api/bills');
    expect(menuLoads()).toBe(2);
  });
});

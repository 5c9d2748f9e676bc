import { CommonMessages } from '@osp/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * A call that gets no answer says why in the user's words: the network (fetch's TypeError: offline, refused, cut) or
 * the time-out, and 服务器异常 only when neither is known. Each rejects with NO_RESPONSE and toasts once.
 */

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../components/toast', () => ({
  toast: {
    error: (text: string) => {
      toasts.errors.push(text);
    },
    success: () => undefined,
  },
}));

const { api, NO_RESPONSE } = await import('./client');

beforeEach(() => {
  toasts.errors = [];
  vi.stubGlobal('window', { location: { pathname: '/office/approval/todo', search: '' } });
  vi.stubGlobal('document', { cookie: 'osp_token=abc' });
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a call without an answer', () => {
  it('says the network is down when the browser could not reach the server', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/bills')).rejects.toMatchObject({ statusCode: NO_RESPONSE, message: CommonMessages.networkDown });
    expect(toasts.errors).toEqual([CommonMessages.networkDown]);
  });

  it('says the request timed out when the time-out ran out', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    await expect(api.get('/api/bills')).rejects.toMatchObject({ statusCode: NO_RESPONSE, message: CommonMessages.timedOut });
    expect(toasts.errors).toEqual([CommonMessages.timedOut]);
  });

  it('says the network is down whatever failed while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', () => Promise.reject(new Error('anything')));
    await expect(api.get('/api/bills')).rejects.toMatchObject({ message: CommonMessages.networkDown });
  });

  it('keeps 服务器异常 for a failure it cannot name', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('anything')));
    await expect(api.get('/api/bills')).rejects.toMatchObject({ message: CommonMessages.serverBusy });
    expect(toasts.errors).toEqual([CommonMessages.serverBusy]);
  });
});

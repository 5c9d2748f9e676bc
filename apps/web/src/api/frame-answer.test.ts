import { CommonMessages } from '@osp/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The answer to a download in a frame (GET /api/export/bills, ./bills-export.ts), which the page knows only by its
 * readiness cookie and the document the frame shows, goes through the API client's SPEC §8 catalogue like any other.
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

const { ApiError, NO_RESPONSE, setSessionExpiredHandler, settleFrameAnswer } = await import('./client');

const request = { method: 'GET', url: '/api/export/bills', params: { box: 'mine' } } as const;
const envelope = (status_code: number, message: string) => JSON.stringify({ status_code, message, data: null });

beforeEach(() => {
  toasts.errors = [];
  vi.stubGlobal('window', { location: { pathname: '/office/approval/mine', search: '?x=1' } });
  vi.stubGlobal('document', { cookie: 'osp_token=abc; osp_user=%7B%7D' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settleFrameAnswer', () => {
  it('shows a refusal with the server message and rejects with its status_code', async () => {
    const message = '当前列表超过 100,000 张单据，无法一次导出；请按模板、状态或创建日期筛选后分批导出';
    const failure = settleFrameAnswer(request, 422, envelope(422, message));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ statusCode: 422, message });
    expect(toasts.errors).toEqual([message]);
  });

  it('sends a signed-out user to sign in with the session-timeout message', async () => {
    const redirects: string[] = [];
    setSessionExpiredHandler((redirect) => redirects.push(redirect));
    await expect(settleFrameAnswer(request, 401, envelope(401, '未登录'))).rejects.toMatchObject({ statusCode: 401 });
    expect(toasts.errors).toEqual([CommonMessages.sessionTimeout]);
    expect(redirects).toEqual(['/office/approval/mine?x=1']);
  });

  it('shows 403 with its message and a server fault with the catalogue text', async () => {
    await expect(settleFrameAnswer(request, 403, envelope(403, '无权导出'))).rejects.toMatchObject({ statusCode: 403 });
    await expect(settleFrameAnswer(request, 500, envelope(500, 'internal'))).rejects.toMatchObject({ statusCode: 500 });
    expect(toasts.errors).toEqual(['无权导出', CommonMessages.serverError(500)]);
  });

  it('treats a document without a readiness cookie (a proxy error page) as no answer', async () => {
    await expect(settleFrameAnswer(request, undefined, '<html>502 Bad Gateway</html>')).rejects.toMatchObject({
      statusCode: NO_RESPONSE,
    });
    expect(toasts.errors).toEqual([CommonMessages.serverBusy]);
  });

  it('never resolves: a frame shows a document only when the file did not come', async () => {
    await expect(settleFrameAnswer(request, 0, envelope(0, 'ok'))).rejects.toBeInstanceOf(ApiError);
    await expect(settleFrameAnswer(request, 502, 'Bad Gateway')).rejects.toMatchObject({ statusCode: 502 });
    expect(toasts.errors).toEqual([CommonMessages.serverBusy, CommonMessages.serverError(502)]);
  });
});

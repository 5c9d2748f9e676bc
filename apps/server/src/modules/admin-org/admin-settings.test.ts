import type { PrivateSettings, PublicSettings } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { lastOperation, snapshot } from './test-support';

let server: TestServer;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  zhangsan = await server.signIn('zhangsan');
});
afterAll(async () => server.close());

describe('settings administration permissions', () => {
  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/admin/settings')).status).toBe(401);
    expect((await server.call('PUT', '/api/admin/settings', { body: { request_timeout: 5000 } })).status).toBe(401);
  });

  it('answers 403 to a user without sys_setting and changes nothing', async () => {
    const before = await snapshot(server);
    expect((await server.call('GET', '/api/admin/settings', { token: zhangsan })).status).toBe(403);
    const put = await server.call('PUT', '/api/admin/settings', { token: zhangsan, body: { header_banner: 0, request_timeout: 5000 } });
    expect(put.status).toBe(403);
    expect(await snapshot(server)).toBe(before);
  });
});

describe('GET /api/admin/settings', () => {
  it('gives every setting, the signed-in part included', async () => {
    const { body } = await server.call<PrivateSettings>('GET', '/api/admin/settings', { token: admin });
    expect(body.data).toMatchObject({ header_banner: 1, request_timeout: 10000, webmail_url: server.config.webmailUrl, default_user: '' });
  });
});

describe('PUT /api/admin/settings', () => {
  it('refuses bad values with a message naming each field, and changes nothing', async () => {
    const before = await snapshot(server);
    const bad = await server.call('PUT', '/api/admin/settings', {
      token: admin,
      body: {
        header_banner: 2,
        header_banner_message: 'x'.repeat(201),
        qrcode_url: 'javascript:alert(1)',
        webmail_url: 'ftp://mail.example.com',
        request_timeout: 50,
        wechat_app_id: 'abc',
        wechat_redirect_url: 'not a url',
        wechat_qr_login: '1',
      },
    });
    expect(bad.body.status_code).toBe(422);
    expect(bad.body.data).toEqual({
      errors: {
        header_banner: ['页头横幅只能是 0（关闭）或 1（开启）'],
        header_banner_message: ['横幅消息不能超过200个字符'],
        qrcode_url: ['二维码地址须为以 http:// 或 https:// 开头的网址'],
        webmail_url: ['登录邮箱地址须为以 http:// 或 https:// 开头的网址'],
        request_timeout: ['请求超时须为 1000 到 120000 之间的整数（毫秒）'],
        wechat_app_id: ['微信 AppID 须为 wx 开头的 18 位字母或数字'],
        wechat_redirect_url: ['微信回调地址须为以 http:// 或 https:// 开头的网址'],
        wechat_qr_login: ['微信扫码登录只能是 0（关闭）或 1（开启）'],
      },
    });
    const needsMessage = await server.call('PUT', '/api/admin/settings', {
      token: admin,
      body: { header_banner: 1, header_banner_message: ' ' },
    });
    expect(needsMessage.body).toMatchObject({ status_code: 422, message: '开启页头横幅时须填写横幅消息' });
    const wechat = await server.call('PUT', '/api/admin/settings', { token: admin, body: { wechat_qr_login: 1 } });
    expect(wechat.body).toMatchObject({
      status_code: 422,
      data: {
        errors: { wechat_app_id: ['开启微信扫码登录时须填写微信 AppID'], wechat_redirect_url: ['开启微信扫码登录时须填写微信回调地址'] },
      },
    });
    const user = await server.call('PUT', '/api/admin/settings', { token: admin, body: { default_user: 'nobody' } });
    expect(user.body).toMatchObject({ status_code: 422, data: { errors: { default_user: ['默认用户须为已启用用户的用户名'] } } });
    const timeout = await server.call('PUT', '/api/admin/settings', { token: admin, body: { request_timeout: 2500.5 } });
    expect(timeout.body).toMatchObject({
      status_code: 422,
      data: { errors: { request_timeout: ['请求超时须为 1000 到 120000 之间的整数（毫秒）'] } },
    });
    const emptyMail = await server.call('PUT', '/api/admin/settings', { token: admin, body: { webmail_url: '' } });
    expect(emptyMail.body).toMatchObject({
      status_code: 422,
      data: { errors: { webmail_url: ['登录邮箱地址须为以 http:// 或 https:// 开头的网址'] } },
    });
    expect(await snapshot(server)).toBe(before);
  });

  it('saves the fields sent; GET /api/settings shows them at once; the change is logged', async () => {
    const result = await server.call<PrivateSettings>('PUT', '/api/admin/settings', {
      token: admin,
      body: {
        header_banner: 1,
        header_banner_message: '  年会将于 1 月 20 日举行  ',
        request_timeout: 15000,
        webmail_url: 'https://mail.xinghe-tech.cn',
        qrcode_url: 'https://oa.xinghe-tech.cn/m',
        wechat_qr_login: 1,
        wechat_app_id: 'wx1234567890abcdef',
        wechat_redirect_url: 'https://oa.xinghe-tech.cn/wechat/callback',
        default_user: 'zhangsan',
      },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: '设置已保存', data: { request_timeout: 15000 } });

    const publicPart = await server.call<PublicSettings>('GET', '/api/settings');
    expect(publicPart.body.data).toMatchObject({ request_timeout: 15000, wechat_qr_login: 1, wechat_app_id: 'wx1234567890abcdef' });
    const privatePart = await server.call<PrivateSettings>('GET', '/api/settings', { token: zhangsan });
    expect(privatePart.body.data).toMatchObject({
      header_banner_message: '年会将于 1 月 20 日举行',
      webmail_url: 'https://mail.xinghe-tech.cn',
      qrcode_url: 'https://oa.xinghe-tech.cn/m',
      default_user: 'zhangsan',
    });
    const log = await lastOperation(server, 'setting');
    expect(log).toMatchObject({ item_id: 'global', action: 'update' });
    expect(log?.summary).toBe(
      '修改系统设置：横幅消息、二维码地址、登录邮箱地址、请求超时、微信 AppID、微信回调地址、微信扫码登录、默认用户',
    );
    expect(JSON.parse(log?.before_json ?? '{}')).toMatchObject({ request_timeout: 10000 });
  });

  it('keeps the fields not sent, and writes nothing when nothing changes', async () => {
    const before = await snapshot(server);
    const same = await server.call('PUT', '/api/admin/settings', { token: admin, body: { request_timeout: 15000 } });
    expect(same.body.status_code).toBe(0);
    expect(await snapshot(server)).toBe(before);
    await server.call('PUT', '/api/admin/settings', { token: admin, body: { header_banner: 0 } });
    const { body } = await server.call<PrivateSettings>('GET', '/api/settings', { token: zhangsan });
    expect(body.data).toMatchObject({ header_banner: 0, header_banner_message: '年会将于 1 月 20 日举行', request_timeout: 15000 });
  });
});

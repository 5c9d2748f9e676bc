import fs from 'node:fs/promises';
import path from 'node:path';
import { AvatarMessages, type UserProfile } from '@osp/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((config) => {
    config.avatar.maxBytes = 200 * 1024;
  });
});
afterAll(async () => server.close());

function form(content: Buffer | string, filename: string, type: string, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([content], { type }), filename);
  return data;
}

async function upload(token: string, data: FormData) {
  return server.call<{ imgUrl: string }>('POST', '/api/file/user/avatar', { token, raw: data });
}

async function storedAvatars(): Promise<string[]> {
  try {
    return await fs.readdir(path.join(server.config.uploadsDir, 'avatars'));
  } catch {
    return [];
  }
}

async function photoOf(username: string) {
  const row = await server.db.selectFrom('users').select('profile_photo').where('username', '=', username).executeTakeFirstOrThrow();
  return row.profile_photo;
}

function image(format: 'png' | 'jpeg', width = 300, height = 300) {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
}

describe('POST /api/file/user/avatar', () => {
  it('stores a PNG re-encoded, serves it publicly, and points the profile at it', async () => {
    const token = await server.signIn('zhaolei');
    const result = await upload(token, form(await image('png', 200, 200), 'avatar.png', 'image/png'));
    expect(result.body).toMatchObject({ status_code: 0, message: AvatarMessages.success });
    expect(result.body.data.imgUrl).toMatch(/^\/api\/file\/avatar\/[0-9a-f-]{36}\.png$/);

    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(profile.body.data.profilePhoto).toBe(result.body.data.imgUrl);

    const served = await fetch(`${server.baseUrl}${result.body.data.imgUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
  });

  it('turns a JPEG into a PNG, shrinks a large one and removes the previous file', async () => {
    const token = await server.signIn('sunhao');
    const first = await upload(token, form(await image('png', 100, 100), 'a.png', 'image/png'));
    const second = await upload(token, form(await image('jpeg', 1600, 900), 'photo.jpg', 'image/jpeg'));
    expect(second.body.status_code).toBe(0);
    const files = await storedAvatars();
    expect(files).toContain(path.basename(second.body.data.imgUrl));
    expect(files).not.toContain(path.basename(first.body.data.imgUrl));
    const stored = await sharp(path.join(server.config.uploadsDir, 'avatars', path.basename(second.body.data.imgUrl))).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 400, height: 225 });
  });

  it.each([
    ['a text file named .png', 'not an image at all', 'avatar.png', 'image/png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'avatar.svg', 'image/svg+xml'],
    ['an HTML page', '<html><body>hi</body></html>', 'avatar.png', 'text/html'],
    ['a PDF', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'avatar.png', 'application/pdf'],
  ])('refuses %s with the SPEC message and stores nothing', async (_name, content, filename, type) => {
    const token = await server.signIn('xumin');
    const before = await photoOf('xumin');
    const filesBefore = await storedAvatars();
    const result = await upload(token, form(content, filename, type));
    expect(result.body).toMatchObject({ status_code: 422, message: AvatarMessages.notImage });
    expect(await photoOf('xumin')).toBe(before);
    expect(await storedAvatars()).toEqual(filesBefore);
  });

  it('refuses a file over the size limit', async () => {
    const token = await server.signIn('xumin');
    const big = Buffer.concat([await image('png', 10, 10), Buffer.alloc(300 * 1024)]);
    const result = await upload(token, form(big, 'big.png', 'image/png'));
    expect(result.body.status_code).toBe(422);
    expect(result.body.message).toBe('图片不能超过200KB');
  });

  it('refuses a truncated image', async () => {
    const token = await server.signIn('xumin');
    const truncated = (await image('png', 200, 200)).subarray(0, 80);
    const result = await upload(token, form(truncated, 'cut.png', 'image/png'));
    expect(result.body).toMatchObject({ status_code: 422, message: AvatarMessages.notImage });
  });

  it('needs sign-in and the field named file', async () => {
    expect((await upload('', form(await image('png'), 'a.png', 'image/png'))).status).toBe(401);
    const token = await server.signIn('xumin');
    const wrongField = await upload(token, form(await image('png'), 'a.png', 'image/png', 'photo'));
    expect(wrongField.body.status_code).toBe(422);
  });

  it('serves only names it created', async () => {
    const result = await fetch(`${server.baseUrl}/api/file/avatar/..%2F..%2Fosp.sqlite`);
    expect(result.status).toBe(404);
  });
});

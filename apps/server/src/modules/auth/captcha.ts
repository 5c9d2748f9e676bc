import { createHash, randomInt, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { LoginMessages, type Captcha } from '@osp/shared';
import type { AppContext } from '../../context';
import { TooManyError } from '../../http/errors';
import { countCaptchasOf, insertCaptcha, takeCaptcha } from './auth.repo';
import { loadSharp } from '../../lib/sharp';

function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

const WIDTH = 150;
const HEIGHT = 50;
const CHANNELS = 4;

/**
 * The picture of a captcha, as pixels only (issue 11, item 4). svg-captcha draws each character as its
 * font outline, merely moved, so its SVG was read by matching paths against the public font. Here that
 * drawing is only the start: it is rasterised (sharp, through librsvg, needing no system font), bent by
 * two random sine waves — rows shifted sideways, columns up and down, so no outline keeps its shape —
 * and speckled with noise, then sent as a PNG. No vector data, no text, reaches the browser.
 */
export async function drawCaptcha(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data: source } = await sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const warped = Buffer.alloc(WIDTH * HEIGHT * CHANNELS, 255);
  // Enough to break every outline, little enough for a person to read it at a glance.
  const shiftX = 1.5 + Math.random();
  const shiftY = 1.5 + Math.random();
  const periodX = 30 + randomInt(16);
  const periodY = 40 + randomInt(30);
  const phaseX = Math.random() * 2 * Math.PI;
  const phaseY = Math.random() * 2 * Math.PI;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const fromX = Math.round(x + shiftX * Math.sin((2 * Math.PI * y) / periodX + phaseX));
      const fromY = Math.round(y + shiftY * Math.sin((2 * Math.PI * x) / periodY + phaseY));
      if (fromX < 0 || fromX >= WIDTH || fromY < 0 || fromY >= HEIGHT) continue;
      source.copy(warped, (y * WIDTH + x) * CHANNELS, (fromY * WIDTH + fromX) * CHANNELS, (fromY * WIDTH + fromX + 1) * CHANNELS);
    }
  }
  // Speckles in the colours of the drawing, so that no colour filter removes them.
  const speckles = Math.round(WIDTH * HEIGHT * 0.03);
  for (let i = 0; i < speckles; i++) {
    const at = randomInt(WIDTH * HEIGHT) * CHANNELS;
    const shade = randomInt(60, 200);
    warped[at] = shade;
    warped[at + 1] = randomInt(60, 200);
    warped[at + 2] = shade;
    warped[at + 3] = 255;
  }
  return sharp(warped, { raw: { width: WIDTH, height: HEIGHT, channels: CHANNELS } })
    .png()
    .toBuffer();
}

/**
 * POST /api/authorizations/captcha. Its answer is kept only as a hash, used up by the first sign-in that
 * names it and expires; one address gets at most `captchaPerMinute` a minute (else a refusal, nothing
 * stored), so that a script cannot fill the table.
 */
export async function createCaptcha(ctx: AppContext, ip: string): Promise<Captcha> {
  const ttl = ctx.config.login.captchaTtlSeconds;
  const now = new Date();
  // A captcha asked for in the last minute expires later than ttl − 60 s from now.
  const askedLately = await countCaptchasOf(ctx.db, ip, new Date(now.getTime() + (ttl - 60) * 1000).toISOString());
  if (askedLately >= ctx.config.login.captchaPerMinute) throw new TooManyError(LoginMessages.captchaTooMany);
  // Characters people confuse (0/o, 1/l/i) are left out so that a human gets it right first time.
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f5f7fa',
    width: WIDTH,
    height: HEIGHT,
  });
  const image = await drawCaptcha(data);
  const key = randomUUID();
  await insertCaptcha(ctx.db, key, hashCode(text), new Date(now.getTime() + ttl * 1000).toISOString(), now.toISOString(), ip);
  return { captcha_key: key, image: `data:image/png;base64,${image.toString('base64')}`, expires_in: ttl };
}

/** True when the code answers the captcha; the captcha is used up either way. */
export async function checkCaptcha(ctx: AppContext, key: string, code: string): Promise<boolean> {
  const row = await takeCaptcha(ctx.db, key);
  if (!row) return false;
  if (row.expires_at < new Date().toISOString()) return false;
  return row.code_hash === hashCode(code);
}

/** For tests and the demo only: what a captcha's answer hashes to, so a test can plant one. */
export const captchaCodeHash = hashCode;

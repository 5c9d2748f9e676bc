import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Captcha } from '@osp/shared';
import type { AppContext } from '../../context';
import { insertCaptcha, takeCaptcha } from './auth.repo';

function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

export async function createCaptcha(ctx: AppContext): Promise<Captcha> {
  // Characters people confuse (0/o, 1/l/i) are left out so that a human gets it right first time.
  const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa' });
  const key = randomUUID();
  const now = new Date();
  const ttl = ctx.config.login.captchaTtlSeconds;
  await insertCaptcha(ctx.db, key, hashCode(text), new Date(now.getTime() + ttl * 1000).toISOString(), now.toISOString());
  return { captcha_key: key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, expires_in: ttl };
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

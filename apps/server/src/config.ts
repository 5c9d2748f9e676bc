import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_MAX_BYTES_DEFAULT } from '@osp/shared';

/**
 * The repository root, so that `./data` means the same whichever folder npm runs the server in. Three folders up from
 * this file in apps/server/src, and from the production bundle in apps/server/dist (scripts/build.mjs).
 */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function str(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** A byte count that the `files.size` column (a 32-bit integer on PostgreSQL) can hold, and above 0. */
function fileSizeLimit(name: string, fallback: number): number {
  const value = int(name, fallback);
  if (value < 1 || value > 2_147_483_647) throw new Error(`${name} must be between 1 and 2147483647 bytes, got ${value}`);
  return value;
}

/**
 * The address people reach the web app at, for links in e-mails. It is a setting, never taken from
 * the request's Host header: a forged header would otherwise put an attacker's site into a reset
 * mail sent to a real user (host header injection).
 */
function publicUrl(name: string, fallback: string): string {
  const raw = str(name, fallback);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) address, got "${raw}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Every setting of the server, read from the environment once. README's settings table lists each
 * of these with its default; keep the two in step.
 */
export function loadConfig() {
  const dataDir = path.resolve(ROOT_DIR, str('DATA_DIR', 'data'));
  const databaseUrl = str('DATABASE_URL', '');
  return {
    port: int('PORT', 3000),
    host: str('HOST', '0.0.0.0'),
    logLevel: str('LOG_LEVEL', 'info'),
    dataDir,
    /** Empty: the embedded SQLite file under dataDir. `postgres://…`: PostgreSQL. */
    databaseUrl,
    sqliteFile: str('SQLITE_FILE', path.join(dataDir, 'osp.sqlite')),
    /** Seed the demo company on first start. Default on for SQLite, off for PostgreSQL (DESIGN §5). */
    seedDemo: bool('OSP_DEMO', databaseUrl === ''),
    /** The first password of `admin` on a production start (no demo data). */
    adminPassword: str('OSP_ADMIN_PASSWORD', ''),
    webDist: path.resolve(ROOT_DIR, str('WEB_DIST', 'apps/web/dist')),
    uploadsDir: path.join(dataDir, 'uploads'),
    session: {
      /** Minutes of inactivity after which a token stops working. */
      idleMinutes: int('SESSION_IDLE_MINUTES', 120),
      /** Hours after sign-in after which a token stops working however active it was. */
      maxHours: int('SESSION_MAX_HOURS', 168),
      /** Keep sessions, grants and menu rows in memory between changes (modules/auth/access-cache.ts). */
      accessCache: bool('OSP_ACCESS_CACHE', true),
    },
    login: {
      windowMinutes: int('LOGIN_WINDOW_MINUTES', 15),
      captchaAfterUserFailures: int('LOGIN_CAPTCHA_AFTER', 3),
      lockAfterUserFailures: int('LOGIN_LOCK_AFTER', 10),
      lockMinutes: int('LOGIN_LOCK_MINUTES', 15),
      /** A whole office may share one address, so the per-address bar is far higher. */
      captchaAfterAddressFailures: int('LOGIN_CAPTCHA_AFTER_ADDRESS', 30),
      captchaTtlSeconds: int('CAPTCHA_TTL_SECONDS', 300),
      /** Captchas one address may ask for in a minute (issue 11, item 4). */
      captchaPerMinute: int('CAPTCHA_PER_MINUTE', 20),
    },
    avatar: {
      maxBytes: int('AVATAR_MAX_BYTES', 5 * 1024 * 1024),
      maxPixels: int('AVATAR_MAX_PIXELS', 40_000_000),
    },
    files: {
      /** Largest upload to POST /api/files (bill attachments, docs/files.md); at most 2 GiB − 1 (an integer column). */
      maxBytes: fileSizeLimit('FILE_MAX_BYTES', FILE_MAX_BYTES_DEFAULT),
    },
    /** Served as the settings' defaults until an administrator changes them. */
    serviceId: str('OSP_SERVICE_ID', 'osp_service'),
    webmailUrl: str('OSP_WEBMAIL_URL', 'https://mail.example.com'),
    trustProxy: bool('TRUST_PROXY', false),
    /** After SIGTERM, requests still running after this long are cut and the process exits (docs/operations.md). */
    shutdownGraceMs: int('SHUTDOWN_GRACE_SECONDS', 10) * 1000,
    /** Where people open the web app; reset links in e-mails start with it. */
    publicUrl: publicUrl('OSP_PUBLIC_URL', `http://localhost:${int('PORT', 3000)}`),
    /** SMTP for outgoing mail. Without a host, messages are written to $DATA_DIR/outbox/ instead. */
    smtp: {
      host: str('SMTP_HOST', ''),
      port: int('SMTP_PORT', bool('SMTP_SECURE', false) ? 465 : 587),
      /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
      secure: bool('SMTP_SECURE', false),
      user: str('SMTP_USER', ''),
      pass: str('SMTP_PASS', ''),
      from: str('SMTP_FROM', '"OSP 运营管理平台" <no-reply@localhost>'),
    },
    passwordReset: {
      /** How long a reset link works. */
      ttlMinutes: int('PASSWORD_RESET_TTL_MINUTES', 30),
      /** Window in which reset requests are counted. */
      windowMinutes: int('PASSWORD_RESET_WINDOW_MINUTES', 15),
      perAccount: int('PASSWORD_RESET_PER_ACCOUNT', 5),
      /** A whole office may share one address, so the per-address bar is higher. */
      perAddress: int('PASSWORD_RESET_PER_ADDRESS', 20),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

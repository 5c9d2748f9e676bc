import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so that `./data` means the same whichever folder npm runs the server in. */
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
    },
    avatar: {
      maxBytes: int('AVATAR_MAX_BYTES', 5 * 1024 * 1024),
      maxPixels: int('AVATAR_MAX_PIXELS', 40_000_000),
    },
    /** Served as the settings' defaults until an administrator changes them. */
    serviceId: str('OSP_SERVICE_ID', 'osp_service'),
    webmailUrl: str('OSP_WEBMAIL_URL', 'https://mail.example.com'),
    trustProxy: bool('TRUST_PROXY', false),
  };
}

export type Config = ReturnType<typeof loadConfig>;

import fs from 'node:fs/promises';
import path from 'node:path';
import { FileMessages } from '@osp/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type CallResult, type TestServer } from './harness';

/**
 * Issue 11, item 6: whatever a caller sends to a list or an upload, the answer is the envelope with
 * a clear message, never a 500. Random query strings go to every list route and random or broken
 * multipart bodies to every upload route, as the administrator (who may call all of them).
 *
 * Bounded and repeatable: RUNS per route with a fixed seed; fast-check prints the seed and the
 * shrunk counterexample on a failure; FUZZ_SEED=<n> replays or varies it, FUZZ_RUNS=<n> digs deeper.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer((config) => {
    config.files.maxBytes = 4 * 1024;
    config.avatar.maxBytes = 4 * 1024;
  });
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

/** GET routes that take a query: every list of the product, and the other reads around them. */
const LIST_ROUTES = [
  '/api/bills',
  '/api/dashboard',
  '/api/templates',
  '/api/iptvtemplates',
  '/api/template/groups',
  '/api/template/roles',
  '/api/jobs',
  '/api/depts',
  '/api/depts/users',
  '/api/admin/users',
  '/api/admin/users/role-options',
  '/api/admin/depts',
  '/api/admin/roles',
  '/api/admin/permissions',
  '/api/admin/menus',
  '/api/admin/settings',
  '/api/syslog',
  '/api/users/billEntrust',
  '/api/files/limits',
  '/api/user/menu',
  '/api/person',
  '/api/holiday/my/stats',
  '/api/article/force/view',
  '/api/article',
  '/api/employ/article',
  '/api/article/view/log',
  '/api/article/roles',
  '/api/dashboard/article',
  '/api/settings',
  '/api/points/rank',
  '/api/points/mine',
  '/api/points/trend',
  '/api/surveys',
  '/api/survey/mine',
  '/api/survey/metric',
  '/api/survey/target',
  '/api/survey/targetid',
  '/api/survey/person',
  '/api/survey/exportAs',
  '/api/holiday/stats',
  '/api/holiday/calendar',
] as const;

/** Every query key a list reads, so that values reach the validators; plus keys nobody reads. */
const KNOWN_KEYS = [
  'page',
  'per_page',
  'box',
  'keyword',
  'date_from',
  'date_to',
  'template_id',
  'type_id',
  'status',
  'sort',
  'order',
  'group_id',
  'all',
  'dept_id',
  'user_status',
  'role',
  'service_id',
  'item_type',
  'item_id',
  'published',
  'period',
  'at',
  'months',
  'id',
  'state',
  'survey_id',
  'kind',
  'year',
  'personal',
];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Dates that match YYYY-MM-DD but may not exist (month 13, day 45, 30 February). */
const patternDate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    '%',
    '_',
    '\\',
    '%%',
    '\\%',
    "'",
    '"',
    '<a href="x">',
    '-1',
    '0',
    '1e400',
    'NaN',
    'Infinity',
    '',
    ' ',
    'null',
    '[]',
    '{}',
  ),
  fc.constantFrom(
    'todo',
    'done',
    'mine',
    'draft',
    'tracked',
    'asc',
    'desc',
    'received_at',
    'id',
    'given',
    'received',
    'all',
    'doing',
    'entrust',
    'month',
    'quarter',
    'year',
    'unread',
    'opened',
    'confirmed',
  ),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  patternDate,
  // 积分排行's `at` (YYYY-MM), months that may not exist.
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`),
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'page[]', 'keyword[0]', 'a.b') },
);
/** Repeated keys arrive as arrays; raw tails carry what URLSearchParams would have encoded. */
const queryString = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.tuple(key, value) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('date_from', 'date_to'), patternDate) },
      ),
      { maxLength: 8 },
    ),
    fc.constantFrom('', '&', '&%', '&%zz=1', '&keyword=%E4%B8', '&&==&', '&page=1&page=2', '&per_page=%00'),
  )
  .map(([pairs, tail]) => new URLSearchParams(pairs).toString() + tail);

function expectEnvelope(result: CallResult<unknown>, what: string): void {
  expect(result.status, `${what} → HTTP ${result.status}: ${result.body.message}`).toBe(200);
  expect(typeof result.body.status_code, what).toBe('number');
  expect(typeof result.body.message, what).toBe('string');
  expect([0, 400, 404, 409, 422], `${what} → ${result.body.status_code} ${result.body.message}`).toContain(result.body.status_code);
  if (result.body.status_code !== 0) expect(result.body.message.length, what).toBeGreaterThan(0);
}

describe(`random query strings on every list route (${TEST_ENGINE}, seed ${SEED})`, () => {
  it.each(LIST_ROUTES)('%s answers the envelope, never a 500', async (route) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = `${route}?${query}`;
        expectEnvelope(await server.call('GET', url, { token: admin }), url);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('names the impossible date of issue 11 at its field', async () => {
    const result = await server.call('GET', '/api/bills?box=mine&date_from=2026-13-45', { token: admin });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status_code: 422, data: { errors: { date_from: [expect.stringContaining('YYYY-MM-DD')] } } });
  });
});

describe(`the read log's export and 提醒 (${TEST_ENGINE}, seed ${SEED})`, () => {
  it('GET /api/article/view/log/export answers the file or the envelope, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = `/api/article/view/log/export?${query}`;
        const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${admin}` } });
        const content = Buffer.from(await response.arrayBuffer());
        if ((response.headers.get('content-type') ?? '').includes('spreadsheetml')) {
          expect(response.status, url).toBe(200);
          return;
        }
        const body = JSON.parse(content.toString('utf8')) as CallResult<unknown>['body'];
        expectEnvelope({ status: response.status, body, headers: response.headers }, url);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('POST /api/article/{id}/view/remind answers the envelope for any id, never a 500', async () => {
    // '.' and '..' would be resolved away by the URL itself, and '' leaves no segment: no id reaches the route.
    const id = value.filter((v) => v !== '' && v !== '.' && v !== '..');
    await fc.assert(
      fc.asyncProperty(id, async (raw) => {
        const url = `/api/article/${encodeURIComponent(raw)}/view/remind`;
        expectEnvelope(await server.call('POST', url, { token: admin }), url);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

// ---------- uploads ----------

const BOUNDARY = '----osp-fuzz-boundary';

interface Part {
  name: string;
  filename?: string;
  content: Uint8Array;
}

function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n`));
    if (part.filename !== undefined) chunks.push(Buffer.from('Content-Type: application/octet-stream\r\n'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG_HEADER = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const XLSX_HEADER = Uint8Array.from([0x50, 0x4b, 0x03, 0x04]);
const content = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.uint8Array({ minLength: 4097, maxLength: 6000 }),
  fc.uint8Array({ maxLength: 512 }).map((rest) => Buffer.concat([PNG_HEADER, rest])),
  fc.uint8Array({ maxLength: 512 }).map((rest) => Buffer.concat([XLSX_HEADER, rest])),
  fc.constant(new Uint8Array()),
);
const part: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(fc.constant('file'), fc.constantFrom('photo', 'password', 'notify', ''), fc.string({ maxLength: 10 })),
  filename: fc.option(fc.oneof(fc.constantFrom('a.txt', '报销单.xlsx', '../../etc/passwd', 'x.png'), fc.string({ maxLength: 40 })), {
    nil: undefined,
  }),
  content,
});

/** How a well-formed body is broken before it is sent. */
type Damage =
  | { kind: 'none' | 'wrong-boundary' | 'no-boundary' }
  | { kind: 'cut'; at: number }
  | { kind: 'type'; type: string }
  | { kind: 'garbage'; bytes: Uint8Array };
const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'cut' as const, at })),
  fc.constant({ kind: 'wrong-boundary' as const }),
  fc.constant({ kind: 'no-boundary' as const }),
  fc
    .constantFrom('text/plain', 'application/json', 'application/octet-stream', 'multipart/mixed')
    .map((type) => ({ kind: 'type' as const, type })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ kind: 'garbage' as const, bytes })),
);
const upload = fc.record({ parts: fc.array(part, { minLength: 0, maxLength: 3 }), damage });

function request(sample: { parts: Part[]; damage: Damage }): { body: Buffer; type: string } {
  const body = multipart(sample.parts);
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const d = sample.damage;
  switch (d.kind) {
    case 'none':
      return { body, type };
    case 'cut':
      return { body: body.subarray(0, Math.floor(body.length * d.at)), type };
    case 'wrong-boundary':
      return { body, type: 'multipart/form-data; boundary=not-the-one' };
    case 'no-boundary':
      return { body, type: 'multipart/form-data' };
    case 'type':
      return { body, type: d.type };
    case 'garbage':
      return { body: Buffer.from(d.bytes), type };
  }
}

/** Stored attachments and avatars on disk; a refused upload must leave none behind. */
async function filesOnDisk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const UPLOAD_ROUTES = ['/api/files', '/api/file/user/avatar', '/api/admin/users/import'] as const;

describe(`random and broken multipart bodies on every upload route (${TEST_ENGINE}, seed ${SEED})`, () => {
  it.each(UPLOAD_ROUTES)('%s answers the envelope, never a 500, and stores nothing it refused', async (route) => {
    await fc.assert(
      fc.asyncProperty(upload, async (sample) => {
        const { body, type } = request(sample);
        const answer = await server.call('POST', route, { token: admin, raw: body, headers: { 'content-type': type } });
        expectEnvelope(answer, `${route} ${sample.damage.kind} (${body.length} bytes, ${type})`);
        // Every attachment on disk is one the files table knows: a refused upload left nothing.
        const rows = await server.db.selectFrom('files').select('storage_path').execute();
        const onDisk = await filesOnDisk(server.config.uploadsDir);
        expect(onDisk.filter((f) => f.startsWith('files/')).sort()).toEqual(rows.map((r) => r.storage_path).sort());
        // The administrator's avatar at most: a new one replaces the old, a refused one is never written.
        expect(onDisk.filter((f) => f.startsWith('avatars/')).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  const BROKEN = {
    'a body cut short': (body: Buffer) => ({ body: body.subarray(0, body.length - 40), type: `multipart/form-data; boundary=${BOUNDARY}` }),
    'a wrong boundary': (body: Buffer) => ({ body, type: 'multipart/form-data; boundary=not-the-one' }),
    'no boundary': (body: Buffer) => ({ body, type: 'multipart/form-data' }),
  };
  const cases = UPLOAD_ROUTES.flatMap((route) => Object.entries(BROKEN).map(([how, broken]) => ({ route, how, broken })));

  it.each(cases)('$route with $how is a 400 with a clear message and changes nothing', async ({ route, broken }) => {
    const { body, type } = broken(multipart([{ name: 'file', filename: '报销单.xlsx', content: Buffer.alloc(1000, 65) }]));
    const snapshot = async () => ({
      files: await server.db.selectFrom('files').select('id').orderBy('id').execute(),
      users: await server.db.selectFrom('users').select(['id', 'profile_photo']).orderBy('id').execute(),
      disk: await filesOnDisk(server.config.uploadsDir),
    });
    const before = await snapshot();
    const answer = await server.call('POST', route, { token: admin, raw: body, headers: { 'content-type': type } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status_code: 400, message: FileMessages.malformed });
    expect(await snapshot()).toEqual(before);
  });
});

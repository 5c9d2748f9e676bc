/**
 * Baseline (b): a bare Fastify server that reads one row by an indexed column, straight through the
 * driver the OSP server uses (better-sqlite3 or a pg Pool), no ORM, no logging.
 *
 *   BENCH_ENGINE=sqlite   BENCH_SQLITE_FILE=/tmp/…/one-row.sqlite
 *   BENCH_ENGINE=postgres BENCH_DATABASE_URL=postgres://…
 */
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const ROWS = 1000;

interface Row {
  id: number;
  key: string;
  name: string;
  amount: number;
}

type ReadRow = (key: string) => Promise<Row | undefined>;

function openSqlite(file: string): { read: ReadRow; close: () => Promise<void> } {
  const db = new SQLite(file);
  // The same settings as the OSP server (apps/server/src/db/index.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table if not exists bench_rows (id integer primary key, key text not null, name text not null, amount integer not null)');
  db.exec('create unique index if not exists bench_rows_key on bench_rows (key)');
  const insert = db.prepare('insert or ignore into bench_rows (id, key, name, amount) values (?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(i + 1, `k${i}`, `row ${i}`, i * 7);
  })();
  const select = db.prepare<[string], Row>('select id, key, name, amount from bench_rows where key = ?');
  return { read: async (key) => select.get(key), close: async () => void db.close() };
}

async function openPostgres(url: string): Promise<{ read: ReadRow; close: () => Promise<void> }> {
  // Pool size as in the OSP server.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  await pool.query(
    'create table if not exists bench_rows (id integer primary key, key text not null, name text not null, amount integer not null)',
  );
  await pool.query('create unique index if not exists bench_rows_key on bench_rows (key)');
  await pool.query(
    `insert into bench_rows (id, key, name, amount)
     select i + 1, 'k' || i, 'row ' || i, i * 7 from generate_series(0, $1::int - 1) as i
     on conflict do nothing`,
    [ROWS],
  );
  await pool.query('analyze bench_rows');
  return {
    read: async (key) => (await pool.query<Row>('select id, key, name, amount from bench_rows where key = $1', [key])).rows[0],
    close: () => pool.end(),
  };
}

const engine = process.env.BENCH_ENGINE ?? 'sqlite';
const store =
  engine === 'postgres'
    ? await openPostgres(process.env.BENCH_DATABASE_URL ?? '')
    : openSqlite(process.env.BENCH_SQLITE_FILE ?? 'one-row.sqlite');

let counter = 0;
const app = Fastify({ logger: false });
// Walks the keys so that each request reads a different row through the index.
app.get('/row', async () => ({ status_code: 0, message: 'ok', data: (await store.read(`k${counter++ % ROWS}`)) ?? null }));

const port = Number(process.env.PORT ?? 3000);
await app.listen({ port, host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(store.close)
      .then(() => process.exit(0)),
);

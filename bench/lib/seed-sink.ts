/**
 * Where the benchmark's generators (bills-seed.ts, articles-seed.ts, surveys-seed.ts) write: the little they need of a database —
 * read rows, insert many rows, run a statement — over better-sqlite3 or pg, for the tables each generator declares
 * with its columns' types. Rows go in as prepared statements in the generator's transaction on SQLite, and as
 * `INSERT … SELECT FROM unnest(<one array per column>)` on PostgreSQL.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export type Value = string | number | null;
export type Row = Record<string, Value>;
export type ColumnType = 'int' | 'float' | 'text' | 'ts';
/** A generator's tables: each table's columns and their types, in insert order. */
export type TableSpecs = Record<string, Record<string, ColumnType>>;

export interface Sink<Table extends string> {
  all(sql: string): Promise<Row[]>;
  insert(table: Table, rows: Row[]): Promise<void>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export function sqliteSink<Specs extends TableSpecs>(file: string, tables: Specs): Sink<Extract<keyof Specs, string>> {
  type Table = Extract<keyof Specs, string>;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A crash while seeding only loses the benchmark's throw-away database.
  db.pragma('synchronous = OFF');
  const statements = new Map<Table, Database.Statement>();
  const statementOf = (table: Table) => {
    let statement = statements.get(table);
    if (!statement) {
      const columns = Object.keys(tables[table] ?? {});
      statement = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
      statements.set(table, statement);
    }
    return statement;
  };
  return {
    all: async (sql) => db.prepare(sql).all() as Row[],
    insert: async (table, rows) => {
      const statement = statementOf(table);
      for (const row of rows) statement.run(row);
    },
    exec: async (sql) => {
      db.exec(sql);
    },
    close: async () => {
      db.close();
    },
  };
}

const PG_TYPE: Record<ColumnType, string> = { int: 'int[]', float: 'float8[]', text: 'text[]', ts: 'timestamptz[]' };

export async function pgSink<Specs extends TableSpecs>(url: string, tables: Specs): Promise<Sink<Extract<keyof Specs, string>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // A bulk load, as pg_restore --disable-triggers makes one: the box stamps' triggers (migration 0039) note who each
  // row concerns for caches that no server holds yet, and would only slow the load.
  await client.query('set session_replication_role = replica');
  // pg reads timestamptz as Date; the generators compare and shift times as ISO text, as SQLite gives them.
  const isoOf = (value: unknown): Value => (value instanceof Date ? value.toISOString() : (value as Value));
  return {
    all: async (sql) => {
      const result = await client.query<Row>(sql);
      return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, isoOf(v)])));
    },
    insert: async (table, rows) => {
      if (rows.length === 0) return;
      const spec: Record<string, ColumnType> = tables[table] ?? {};
      const columns = Object.keys(spec);
      const arrays = columns.map((c) => rows.map((row) => row[c] ?? null));
      const casts = columns.map((c, i) => `$${i + 1}::${PG_TYPE[spec[c] ?? 'text']}`);
      await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`, arrays);
    },
    exec: async (sql) => {
      await client.query(sql);
    },
    close: () => client.end(),
  };
}

/** PostgreSQL allows at most 65 535 parameters per statement, but unnest takes one array per column: 5 000 rows a statement keeps statements moderate. */
export async function insertChunked<Table extends string>(sink: Sink<Table>, table: Table, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) await sink.insert(table, rows.slice(i, i + 5000));
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../test/harness';
import type { Db } from './index';
import { preparedQuery } from './prepared';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

// The SQL mentions `status` before `username`, the opposite of the params object's order.
const usersByStatusFrom = preparedQuery((db: Db, params: { username: string; status: number }) =>
  db
    .selectFrom('users')
    .select(['username'])
    .where('status', '=', params.status)
    .where('username', '>=', params.username)
    .orderBy('username')
    .limit(2),
);

describe('preparedQuery', () => {
  it('binds each parameter by name on the first and every later run', async () => {
    const first = await usersByStatusFrom(server.db, { username: 'w', status: 1 });
    expect(first.map((r) => r.username)).toEqual(['wangwu', 'wushi']);
    const second = await usersByStatusFrom(server.db, { username: 'z', status: 1 });
    expect(second.map((r) => r.username)).toEqual(['zhangsan', 'zhaolei']);
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'zhangsan').execute();
    const third = await usersByStatusFrom(server.db, { username: 'z', status: 0 });
    expect(third.map((r) => r.username)).toEqual(['zhangsan']);
  });

  it('works inside a transaction, compiled for it separately', async () => {
    const rows = await server.db.transaction().execute((trx) => usersByStatusFrom(trx, { username: 'l', status: 1 }));
    expect(rows.map((r) => r.username)).toEqual(['liangyu', 'linxue']);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('preparedQuery on PostgreSQL', () => {
  it('runs as a named statement that the connection keeps parsed', async () => {
    const names = await server.db.transaction().execute(async (trx) => {
      await usersByStatusFrom(trx, { username: 'a', status: 1 });
      await usersByStatusFrom(trx, { username: 'b', status: 1 });
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
      return rows.filter((row) => row.statement.includes('"username" >='));
    });
    expect(names).toHaveLength(1);
    expect(names[0]?.name).toMatch(/^osp_[0-9a-f]{20}$/);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL sessions', () => {
  it('run without JIT compilation, which cost more than the statements it compiled (db/index.ts sessionSettings)', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(server.db);
    expect(rows).toEqual([{ jit: 'off' }]);
  });
});

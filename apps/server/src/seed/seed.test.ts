import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../test/harness';
import { seedDemo, seedProduction } from './seed';

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

async function emptyDb() {
  opened = await openTestDb();
  await opened.migrate();
  return opened.handle.db;
}

describe('seedProduction', () => {
  it('refuses to start an empty database without a first admin password, or with a weak one', async () => {
    const db = await emptyDb();
    await expect(seedProduction(db, '')).rejects.toThrow(/OSP_ADMIN_PASSWORD/);
    await expect(seedProduction(db, 'admin123')).rejects.toThrow(/password rules/);
    await expect(seedProduction(db, 'P@ssw0rd')).rejects.toThrow(/password rules/);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('creates only the administrator and the base menu, once', async () => {
    const db = await emptyDb();
    expect(await seedProduction(db, 'Xq9#mPz7Lk')).toBe(true);
    expect((await db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['admin']);
    const menuPaths = (await db.selectFrom('menus').select('path').execute()).map((m) => m.path);
    expect(menuPaths).toEqual(expect.arrayContaining(['/home', '/dashboard/index', '/system', '/system/users', '/system/menus']));
    expect(await seedProduction(db, 'Xq9#mPz7Lk')).toBe(false);
    expect(await seedDemo(db)).toBe(false);
  });
});

describe('seedDemo', () => {
  it('seeds the demo company once and keeps it on the next start', async () => {
    const db = await emptyDb();
    expect(await seedDemo(db)).toBe(true);
    const count = (await db.selectFrom('users').select('id').execute()).length;
    expect(count).toBe(30);
    expect(await seedDemo(db)).toBe(false);
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(count);
  });
});

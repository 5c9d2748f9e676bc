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

describe('seedDemo surveys', () => {
  it('releases the satisfaction survey to the whole company, answered by five, waiting for 张三, and leaves the evaluation a draft', async () => {
    const db = await emptyDb();
    await seedDemo(db);
    const surveys = await db.selectFrom('surveys').select(['id', 'kind', 'status', 'version_id']).orderBy('id').execute();
    expect(surveys.map((s) => [s.kind, s.status, s.version_id !== null])).toEqual([
      ['survey', 1, true],
      ['evaluation', 0, false],
    ]);
    const [satisfaction] = surveys;
    const assignments = await db
      .selectFrom('survey_assignments as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.username', 'a.state'])
      .where('a.survey_id', '=', satisfaction?.id ?? 0)
      .execute();
    const people = await db.selectFrom('users').select('id').where('status', '=', 1).where('dept_id', 'is not', null).execute();
    expect(assignments).toHaveLength(people.length);
    expect(assignments.find((a) => a.username === 'zhangsan')?.state).toBe('pending');
    expect(assignments.filter((a) => a.state === 'submitted')).toHaveLength(5);
    const responses = await db.selectFrom('survey_responses').select(['user_id', 'version_id']).execute();
    expect(responses).toHaveLength(5);
    expect(responses.every((r) => r.user_id !== null && r.version_id === satisfaction?.version_id)).toBe(true);
  });
});

import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './index';
import { columnKit } from './migrations/columns';
import { foundation } from './migrations/0001-foundation';
import { administration } from './migrations/0002-administration';

/** Migrations in order. Names sort as they run; never rename or edit one that has shipped. */
function migrationsFor(handle: DbHandle): Record<string, Migration> {
  const kit = columnKit(handle.engine);
  return {
    '0001-foundation': foundation(kit),
    '0002-administration': administration(kit),
  };
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

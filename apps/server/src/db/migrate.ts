import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './index';
import { columnKit } from './migrations/columns';
import { foundation } from './migrations/0001-foundation';
import { administration } from './migrations/0002-administration';
import { passwordRecovery } from './migrations/0004-password-recovery';
import { approval } from './migrations/0006-approval';
import { billTracks } from './migrations/0007-bill-tracks';
import { files } from './migrations/0008-files';
import { todoArrival } from './migrations/0009-todo-arrival';
import { templateDesigner } from './migrations/0010-template-designer';
import { securityEvents } from './migrations/0011-security-events';
import { billSubjects } from './migrations/0012-bill-subjects';
import { billShareIgnore } from './migrations/0013-bill-share-ignore';
import { billShareRead } from './migrations/0014-bill-share-read';
import { billAccessLog } from './migrations/0015-bill-access-log';
import { notifications } from './migrations/0016-notifications';
import { entrustPage } from './migrations/0017-entrust-page';
import { billLinks } from './migrations/0018-bill-links';
import { noticeMail } from './migrations/0019-notice-mail';
import { billArchive } from './migrations/0020-bill-archive';
import { changeNodes } from './migrations/0021-change-nodes';
import { articleTypes } from './migrations/0022-article-types';
import { articles } from './migrations/0023-articles';
import { points } from './migrations/0024-points';
import { articleFiles } from './migrations/0025-article-files';
import { articleMenus } from './migrations/0026-article-menus';
import { pointSourceBigint } from './migrations/0027-point-source-bigint';
import { articleReaderIndexes } from './migrations/0028-article-reader-indexes';
import { noticeArticle } from './migrations/0029-notice-article';
import { surveys } from './migrations/0030-surveys';
import { surveyMenus } from './migrations/0031-survey-menus';
import { workCalendar } from './migrations/0032-work-calendar';
import { holidayChanges } from './migrations/0033-holiday-changes';
import { holidayMenus } from './migrations/0034-holiday-menus';
import { leave } from './migrations/0035-leave';
import { leaveMenus } from './migrations/0036-leave-menus';
import { leaveTypeMenus } from './migrations/0037-leave-type-menus';
import { holidayEntitlement } from './migrations/0038-holiday-entitlement';
import { billBoxStamps } from './migrations/0039-bill-box-stamps';
import { surveyResultCounters } from './migrations/0040-survey-result-counters';
import { surveyShareFiles } from './migrations/0041-survey-share-files';

/** Migrations in order. Names sort as they run; never rename or edit one that has shipped. */
function migrationsFor(handle: DbHandle): Record<string, Migration> {
  const kit = columnKit(handle.engine);
  return {
    '0001-foundation': foundation(kit),
    '0002-administration': administration(kit),
    '0004-password-recovery': passwordRecovery(kit),
    '0006-approval': approval(kit),
    '0007-bill-tracks': billTracks(kit),
    '0008-files': files(kit),
    '0009-todo-arrival': todoArrival(),
    '0010-template-designer': templateDesigner(),
    '0011-security-events': securityEvents(kit),
    '0012-bill-subjects': billSubjects(),
    '0013-bill-share-ignore': billShareIgnore(kit),
    '0014-bill-share-read': billShareRead(kit),
    '0015-bill-access-log': billAccessLog(kit),
    '0016-notifications': notifications(kit),
    '0017-entrust-page': entrustPage(),
    '0018-bill-links': billLinks(kit),
    '0019-notice-mail': noticeMail(kit),
    '0020-bill-archive': billArchive(kit),
    '0021-change-nodes': changeNodes(),
    '0022-article-types': articleTypes(kit),
    '0023-articles': articles(kit),
    '0024-points': points(kit),
    '0025-article-files': articleFiles(kit),
    '0026-article-menus': articleMenus(),
    '0027-point-source-bigint': pointSourceBigint(handle.engine),
    '0028-article-reader-indexes': articleReaderIndexes(),
    '0029-notice-article': noticeArticle(),
    '0030-surveys': surveys(kit),
    '0031-survey-menus': surveyMenus(),
    '0032-work-calendar': workCalendar(kit),
    '0033-holiday-changes': holidayChanges(kit),
    '0034-holiday-menus': holidayMenus(),
    '0035-leave': leave(kit),
    '0036-leave-menus': leaveMenus(),
    '0037-leave-type-menus': leaveTypeMenus(),
    '0038-holiday-entitlement': holidayEntitlement(kit),
    '0039-bill-box-stamps': billBoxStamps(handle.engine),
    '0040-survey-result-counters': surveyResultCounters(kit),
    '0041-survey-share-files': surveyShareFiles(handle.engine, kit),
  };
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle) };
  // Kysely looks for its bookkeeping tables in every schema of the database; pinned to the schema
  // this connection works in, another schema's tables (another test file, another app) are not taken for ours.
  const migrationTableSchema = handle.engine === 'postgres' ? await currentSchema(handle) : undefined;
  const migrator = new Migrator({ db: handle.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

async function currentSchema(handle: DbHandle): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(handle.db);
  return rows[0]?.schema ?? undefined;
}

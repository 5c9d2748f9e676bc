import type { SurveyDefinition } from '@osp/shared';
import type { Db } from '../../db/index';
import * as repo from './survey-fill.repo';

/**
 * Released versions, parsed once. A version is never edited and its id never reused (AUTOINCREMENT on SQLite, an
 * identity on PostgreSQL), so a definition kept by id stays right for as long as the process lives; only memory
 * bounds how many are kept. Reading and parsing a 20-question definition was 6 % of a submit's time
 * (docs/performance.md "Surveys: group commit").
 *
 * Kept per database handle (tests run several databases in one process, with the same ids). The definitions are
 * frozen: every request shares them, so one that changed its copy would change everybody's.
 */

const VERSIONS_KEPT = 200;

const keptFor = new WeakMap<Db, Map<number, SurveyDefinition>>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The definition of a released version, or undefined when no such version exists. `db` is the root handle. */
export async function releasedDefinition(db: Db, versionId: number): Promise<SurveyDefinition | undefined> {
  let kept = keptFor.get(db);
  if (!kept) {
    kept = new Map();
    keptFor.set(db, kept);
  }
  const found = kept.get(versionId);
  if (found) {
    // Least recently used goes first: a Map iterates in insertion order.
    kept.delete(versionId);
    kept.set(versionId, found);
    return found;
  }
  const stored = await repo.versionDefinition(db, versionId);
  if (stored === undefined) return undefined;
  // Stored by release after SurveyDefinitionZ accepted it.
  const definition = deepFreeze(JSON.parse(stored) as SurveyDefinition);
  kept.set(versionId, definition);
  if (kept.size > VERSIONS_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return definition;
}

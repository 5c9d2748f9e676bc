import type { FormSchema } from '@osp/shared';
import type { Db } from '../../db/index';
import type { FlowSnapshot } from '../../flow/types';
import { NotFoundError } from '../../http/errors';
import * as repo from './templates.repo';

/**
 * Published template versions as the bills module runs them: a version pins a bill's form and flow at
 * release (DESIGN §6). Read through here, parsed once and cached, never from template_versions directly.
 */

export interface PinnedVersion {
  flow: FlowSnapshot;
  formSchema: FormSchema;
}

const CACHE_SIZE = 500;
/** Versions are immutable (never updated once written), so a cached one can never be stale. Kept per database. */
const caches = new WeakMap<object, Map<number, PinnedVersion>>();

/** `cacheOwner`: the app's database handle (a transaction is a new object each time). */
export async function loadVersion(db: Db, versionId: number, cacheOwner: object): Promise<PinnedVersion> {
  let versions = caches.get(cacheOwner);
  if (!versions) {
    versions = new Map();
    caches.set(cacheOwner, versions);
  }
  const cached = versions.get(versionId);
  if (cached) return cached;
  const row = await repo.findVersion(db, versionId);
  if (!row) throw new NotFoundError('模板版本不存在');
  const pinned: PinnedVersion = {
    flow: { ...row.flow, versionId: String(row.id), templateId: String(row.template_id), name: row.name },
    formSchema: row.form_schema,
  };
  if (versions.size >= CACHE_SIZE) {
    const oldest = versions.keys().next().value;
    if (oldest !== undefined) versions.delete(oldest);
  }
  versions.set(versionId, pinned);
  return pinned;
}

/** A template as bills start from it (name, group, enabled, IPTV, current version), or undefined. */
export function templateOf(db: Db, id: number) {
  return repo.findTemplateForBills(db, id);
}

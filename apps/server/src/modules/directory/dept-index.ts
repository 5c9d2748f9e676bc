import type { Dept } from '@osp/shared';
import type { AppContext } from '../../context';
import { getDeptTree } from './directory.service';

/**
 * The department tree, indexed for what user administration asks of it: does an id exist, which
 * departments lie under one (the list's filter includes sub-departments), and which department a
 * name or a path such as "星河科技有限公司/技术部" in an imported file means.
 */
export interface DeptIndex {
  has(id: number): boolean;
  name(id: number): string | undefined;
  /** The department and all of its descendants. */
  subtree(id: number): number[];
  /** Ids of every department with this name or full path ("/" between levels). */
  resolve(nameOrPath: string): number[];
  /** The full path of a department, for exports. */
  path(id: number): string;
}

export async function loadDeptIndex(ctx: AppContext): Promise<DeptIndex> {
  const roots = await getDeptTree(ctx);
  const byId = new Map<number, Dept>();
  const pathOf = new Map<number, string>();
  const byName = new Map<string, number[]>();
  const walk = (dept: Dept, parentPath: string) => {
    const path = parentPath ? `${parentPath}/${dept.name}` : dept.name;
    byId.set(dept.id, dept);
    pathOf.set(dept.id, path);
    for (const key of new Set([dept.name, path])) byName.set(key, [...(byName.get(key) ?? []), dept.id]);
    for (const child of dept.children) walk(child, path);
  };
  for (const root of roots) walk(root, '');

  return {
    has: (id) => byId.has(id),
    name: (id) => byId.get(id)?.name,
    subtree: (id) => {
      const start = byId.get(id);
      if (!start) return [];
      const ids: number[] = [];
      const stack = [start];
      for (let dept = stack.pop(); dept; dept = stack.pop()) {
        ids.push(dept.id);
        stack.push(...dept.children);
      }
      return ids;
    },
    resolve: (nameOrPath) => {
      const key = nameOrPath
        .split('/')
        .map((part) => part.trim())
        .filter(Boolean)
        .join('/');
      return byName.get(key) ?? [];
    },
    path: (id) => pathOf.get(id) ?? '',
  };
}

import { BILL_BOXES } from '@osp/shared';

/**
 * Pages outside the menu whose query names the menu entry they belong to: a bill's detail keeps
 * the list it was opened from highlighted (?from=todo → 待我审批), as SPEC §2 does for other
 * pages reached from a list. Any other page highlights its nearest parent path (menu-trail.ts).
 */
const QUERY_HIGHLIGHTS: Readonly<Record<string, (query: URLSearchParams) => string | undefined>> = {
  '/office/approval/detail': (query) => {
    const from = query.get('from');
    return from !== null && (BILL_BOXES as readonly string[]).includes(from) ? `/office/approval/${from}` : undefined;
  },
};

/** Pages outside the menu, by path prefix, that keep a menu entry highlighted whatever their id (SPEC §2). */
const PREFIX_HIGHLIGHTS: readonly (readonly [prefix: string, path: string])[] = [
  // An evaluation form's preview belongs to 待我评价.
  ['/feedback/view/', '/feedback/pending'],
  // The designer belongs to 问卷管理.
  ['/survey/edit/', '/survey/manage'],
  // 申请请假 belongs to 我的假期.
  ['/holiday/leave/', '/holiday/mine'],
];

/** The path whose menu entry the side menu highlights for the page at `pathname` + `search`. */
export function highlightedPath(pathname: string, search: string): string {
  const byQuery = QUERY_HIGHLIGHTS[pathname]?.(new URLSearchParams(search));
  if (byQuery !== undefined) return byQuery;
  return PREFIX_HIGHLIGHTS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? pathname;
}

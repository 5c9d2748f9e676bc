import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageReloadedAtContext, PageShownContext } from '../../../api/page-query';
import { PageLoading } from '../../../components/PageLoading';

const NEVER_RELOADED: ReadonlyMap<string, number> = new Map();

interface KeepAliveOutletProps {
  /** Pages whose menu entry carries the keep-alive flag (SPEC §2). */
  keptAlivePaths: ReadonlySet<string>;
  /** The pages that have a tab: a kept page whose tab was closed is let go, and is fresh when opened again. */
  openPaths: ReadonlySet<string>;
  /** When each page was last reloaded through its tab's 刷新: the page mounts afresh and reads its data again. */
  reloadedAt?: ReadonlyMap<string, number>;
}

/**
 * Renders the current page. A keep-alive page stays mounted, hidden, once visited and while its tab is open, so coming
 * back finds its scroll position, filters and half-filled forms as they were; other pages unmount. Each kept page
 * knows whether it is the one shown (PageShownContext), so that coming back also fetches again what is stale
 * (api/page-query.ts): the filters are kept, the bills are current.
 */
export function KeepAliveOutlet({ keptAlivePaths, openPaths, reloadedAt = NEVER_RELOADED }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const [keptPages, setKeptPages] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const isKeptAlive = keptAlivePaths.has(pathname);
  const isKept = (path: string) => path === pathname || openPaths.has(path);

  // The first visit stores the page; later visits show the stored, still-mounted one. A page whose tab was closed
  // (or capped away) is dropped, which unmounts it and lets its memory go.
  if ((isKeptAlive && outlet && !keptPages.has(pathname)) || [...keptPages.keys()].some((path) => !isKept(path))) {
    const next = new Map([...keptPages].filter(([path]) => isKept(path)));
    if (isKeptAlive && outlet && !next.has(pathname)) next.set(pathname, outlet);
    setKeptPages(next);
  }

  return (
    <>
      {[...keptPages].map(([path, page]) => (
        <div key={`${path}@${reloadedAt.get(path) ?? 0}`} className="page-slot" hidden={path !== pathname}>
          <PageShownContext value={path === pathname}>
            <PageReloadedAtContext value={reloadedAt.get(path) ?? 0}>
              <Suspense fallback={<PageLoading />}>{page}</Suspense>
            </PageReloadedAtContext>
          </PageShownContext>
        </div>
      ))}
      {!isKeptAlive && (
        <div key={`live:${pathname}@${reloadedAt.get(pathname) ?? 0}`} className="page-slot">
          <PageReloadedAtContext value={reloadedAt.get(pathname) ?? 0}>
            <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
          </PageReloadedAtContext>
        </div>
      )}
    </>
  );
}

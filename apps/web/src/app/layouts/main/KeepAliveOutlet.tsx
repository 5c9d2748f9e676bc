import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageShownContext } from '../../../api/page-query';
import { PageLoading } from '../../../components/PageLoading';

interface KeepAliveOutletProps {
  /** Pages whose menu entry carries the keep-alive flag (SPEC §2). */
  keptAlivePaths: ReadonlySet<string>;
}

/**
 * Renders the current page. A keep-alive page stays mounted, hidden, once visited, so coming back
 * finds its scroll position, filters and half-filled forms as they were; other pages unmount. Each kept page
 * knows whether it is the one shown (PageShownContext), so that coming back also fetches again what is stale
 * (api/page-query.ts): the filters are kept, the bills are current.
 */
export function KeepAliveOutlet({ keptAlivePaths }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const [keptPages, setKeptPages] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const isKeptAlive = keptAlivePaths.has(pathname);

  // The first visit stores the page; later visits show the stored, still-mounted one.
  if (isKeptAlive && outlet && !keptPages.has(pathname)) {
    setKeptPages(new Map(keptPages).set(pathname, outlet));
  }

  return (
    <>
      {[...keptPages].map(([path, page]) => (
        <div key={path} className="page-slot" hidden={path !== pathname}>
          <PageShownContext value={path === pathname}>
            <Suspense fallback={<PageLoading />}>{page}</Suspense>
          </PageShownContext>
        </div>
      ))}
      {!isKeptAlive && (
        <div key={`live:${pathname}`} className="page-slot">
          <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
        </div>
      )}
    </>
  );
}

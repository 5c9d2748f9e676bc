import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { fetchForceView } from '../../api/article';
import { PageLoading } from '../../components/PageLoading';
import { ARTICLE_PREVIEW_PATH } from '../page-registry';

function articlePreviewPath(articleId: number): string {
  return `${ARTICLE_PREVIEW_PATH}/${articleId}`;
}

/** SPEC §2: every protected page except the article preview asks for forced-read articles. */
function needsForcedReadCheck(pathname: string): boolean {
  if (pathname === '/') return false; // only a redirect to the home page, which is checked itself
  return pathname !== ARTICLE_PREVIEW_PATH && !pathname.startsWith(`${ARTICLE_PREVIEW_PATH}/`);
}

interface ForcedReadGateProps {
  /** Renders the pages for the location that has passed the check. */
  children: (location: Location) => ReactNode;
}

/**
 * SPEC §2: on every protected navigation except the article preview, ask the server for forced-read
 * articles, and send the user to one flagged for forced viewing. Like a route loader, the page that
 * was showing stays until the answer comes, so a forced user never glimpses the page behind it.
 */
export function ForcedReadGate({ children }: ForcedReadGateProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Location | null>(null);
  const isExempt = !needsForcedReadCheck(location.pathname);

  // Exempt pages show at once; remembering them keeps the next check's wait on the right page.
  if (isExempt && shown !== location) setShown(location);

  useEffect(() => {
    if (isExempt) return undefined;
    let isCurrent = true;
    fetchForceView().then(
      (force) => {
        if (!isCurrent) return;
        if (force.forceView === 1 && force.forceViewArticleId !== null) {
          void navigate(articlePreviewPath(force.forceViewArticleId), { replace: true });
        } else {
          setShown(location);
        }
      },
      // The client has already shown the failure; a broken check must not lock the user out.
      () => {
        if (isCurrent) setShown(location);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [location, isExempt, navigate]);

  if (!shown) return <PageLoading isFullScreen />;
  return <>{children(shown)}</>;
}

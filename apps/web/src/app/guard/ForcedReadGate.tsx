import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { ArticleMessages } from '@osp/shared';
import { fetchForceView } from '../../api/article';
import { PageLoading } from '../../components/PageLoading';
import { toast } from '../../components/toast';
import { ARTICLE_PREVIEW_PATH } from '../page-registry';

/** The forced article, with the page the user was going to: 我已阅读并知晓 goes on there (ConfirmReadButton). */
function articlePreviewPath(articleId: number, goingTo: Pick<Location, 'pathname' | 'search'>): string {
  return `${ARTICLE_PREVIEW_PATH}/${articleId}?redirect=${encodeURIComponent(`${goingTo.pathname}${goingTo.search}`)}`;
}

function isPreviewPath(pathname: string): boolean {
  return pathname === ARTICLE_PREVIEW_PATH || pathname.startsWith(`${ARTICLE_PREVIEW_PATH}/`);
}

/** SPEC §2: every protected page except the article preview asks for forced-read articles. */
function needsForcedReadCheck(pathname: string): boolean {
  if (pathname === '/') return false; // only a redirect to the home page, which is checked itself
  return !isPreviewPath(pathname);
}

interface ForcedReadGateProps {
  /** Renders the pages for the location that has passed the check. */
  children: (location: Location) => ReactNode;
}

/**
 * SPEC §2: on every protected navigation except the article preview, ask the server for forced-read
 * articles, and send the user to one flagged for forced viewing. Like a route loader, the page that
 * was showing stays until the answer comes, so a forced user never glimpses the page behind it. The preview
 * remembers where the user was going; a user on the preview who tries to leave it is told why they stay.
 */
export function ForcedReadGate({ children }: ForcedReadGateProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Location | null>(null);
  const isExempt = !needsForcedReadCheck(location.pathname);

  // Exempt pages show at once; remembering them keeps the next check's wait on the right page.
  if (isExempt && shown !== location) setShown(location);

  const sendToArticle = useEffectEvent((articleId: number, goingTo: Location) => {
    // Leaving the preview (a menu click, a typed address) without confirming: the same page comes back, with why.
    if (shown && isPreviewPath(shown.pathname)) toast.warning(ArticleMessages.readFirst, 'forced-read');
    void navigate(articlePreviewPath(articleId, goingTo), { replace: true });
  });

  useEffect(() => {
    if (isExempt) return undefined;
    let isCurrent = true;
    fetchForceView().then(
      (force) => {
        if (!isCurrent) return;
        if (force.forceView === 1 && force.forceViewArticleId !== null) {
          sendToArticle(force.forceViewArticleId, location);
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
  }, [location, isExempt]);

  if (!shown) return <PageLoading isFullScreen />;
  return <>{children(shown)}</>;
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  ArticleAdminTexts,
  SurveyDesignerTexts,
  SurveyFillTexts,
  ArticleReadLogTexts,
  EmployArticleTexts,
  LayoutTexts,
  LeaveTexts,
  PointTexts,
  runtimeRoutes,
  shapeMenu,
  type MenuItem,
} from '@osp/shared';
import { NOTIFICATIONS_PATH } from '../../../features/notifications/NotificationBell';
import { POINT_RANK_PATH } from '../../../features/points/PointRankLink';
import { HOME_PATH } from '../../guard/redirects';
import { ARTICLE_PREVIEW_PATH, BILL_DETAIL_PATH, BILL_EDIT_PATH, TEMPLATE_DESIGN_PATH } from '../../page-registry';
import { pageRoutes } from '../../page-routes';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageTabBar } from './PageTabBar';
import { tabPagesOf, type FixedTabPage } from './tab-pages';
import { usePageTabs } from './usePageTabs';

/** The main layout's pages outside the menu (SignedInRoutes), each with the title its tab shows. */
const FIXED_PAGES: readonly FixedTabPage[] = [
  { path: HOME_PATH, title: LayoutTexts.homeTitle },
  { path: BILL_DETAIL_PATH, title: LayoutTexts.billDetailTitle },
  { path: BILL_EDIT_PATH, title: LayoutTexts.billEditTitle },
  { path: TEMPLATE_DESIGN_PATH, title: LayoutTexts.templateDesignTitle, needs: '/office/templates' },
  { path: NOTIFICATIONS_PATH, title: LayoutTexts.notificationsTitle },
  { path: POINT_RANK_PATH, title: PointTexts.title },
  { path: EmployArticleTexts.listPath, title: EmployArticleTexts.title },
  { path: ArticleReadLogTexts.path, title: ArticleReadLogTexts.title, isPrefix: true },
  { path: ArticleAdminTexts.editPath, title: ArticleAdminTexts.editTitle, isPrefix: true, needs: ArticleAdminTexts.managePath },
  { path: ARTICLE_PREVIEW_PATH, title: LayoutTexts.articlePreviewTitle, isPrefix: true },
  { path: SurveyFillTexts.paths.fillSignedIn, title: SurveyFillTexts.fillTitle, isPrefix: true },
  { path: SurveyFillTexts.paths.feedbackView, title: SurveyFillTexts.feedbackViewTitle, isPrefix: true },
  { path: SurveyDesignerTexts.editPath, title: SurveyDesignerTexts.editTitle, isPrefix: true, needs: SurveyDesignerTexts.managePath },
  { path: LeaveTexts.newPath, title: LeaveTexts.newTitle },
];

interface TabbedPagesProps {
  userId: number;
  menu: readonly MenuItem[];
  keptAlivePaths: ReadonlySet<string>;
  /** Phones have the menu drawer and no room for a tab bar: the tabs are still kept (and capped), not shown. */
  isBarShown: boolean;
}

/** The page area of the main layout: the tab bar of open pages over the pages themselves. */
export function TabbedPages({ userId, menu, keptAlivePaths, isBarShown }: TabbedPagesProps) {
  const navigate = useNavigate();
  const { titleOf, canOpen } = useMemo(() => {
    const routed = new Set(pageRoutes(menu).map((route) => route.path));
    const menuPages = runtimeRoutes(shapeMenu(menu)).filter((route) => routed.has(route.path));
    return tabPagesOf(menuPages, FIXED_PAGES);
  }, [menu]);
  const { tabs, currentPath, openPaths, reloadedAt, act, leavesPage } = usePageTabs(userId, canOpen);

  return (
    <>
      {isBarShown && (
        <PageTabBar
          tabs={tabs}
          currentPath={currentPath}
          titleOf={titleOf}
          onSelect={(tab) => {
            if (tab.path !== currentPath) void navigate(tab.url);
          }}
          onAction={act}
          leavesPage={leavesPage}
        />
      )}
      <div className="main-layout__pages">
        <KeepAliveOutlet keptAlivePaths={keptAlivePaths} openPaths={openPaths} reloadedAt={reloadedAt} />
      </div>
    </>
  );
}

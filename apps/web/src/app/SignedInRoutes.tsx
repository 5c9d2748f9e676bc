import { useMemo } from 'react';
import { Navigate, Route, Routes, type Location } from 'react-router';
import { ArticleAdminTexts, ArticleReadLogTexts, EmployArticleTexts, LeaveTexts, type MenuItem } from '@osp/shared';
import { HOME_PATH } from './guard/redirects';
import { MainLayout } from './layouts/main/MainLayout';
import {
  ARTICLE_PREVIEW_PATH,
  ArticlePreviewPage,
  ArticleEditPage,
  ArticleReadLogPage,
  SurveyEditPage,
  SurveyFillPage,
  FeedbackViewPage,
  LeaveRequestPage,
  BILL_DETAIL_PATH,
  BILL_EDIT_PATH,
  BILL_PRINT_PATH,
  BillDetailPage,
  BillPrintPage,
  EditBillPage,
  EmployArticlesPage,
  NotificationsPage,
  PointRankPage,
  TEMPLATE_DESIGN_PATH,
  TemplateDesignPage,
} from './page-registry';
import { NOTIFICATIONS_PATH } from '../features/notifications/NotificationBell';
import { POINT_RANK_PATH } from '../features/points/PointRankLink';
import { Permission } from '../components/Permission';
import { pageRoutes } from './page-routes';

interface SignedInRoutesProps {
  /** The location the guard has cleared; it may trail the address bar while a check runs. */
  location: Location;
  menu: readonly MenuItem[];
}

export function SignedInRoutes({ location, menu }: SignedInRoutesProps) {
  const routes = useMemo(() => pageRoutes(menu), [menu]);
  const keptAlivePaths = useMemo(() => new Set(routes.filter((route) => route.isKeptAlive).map((route) => route.path)), [routes]);

  return (
    <Routes location={location}>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route element={<MainLayout menu={menu} keptAlivePaths={keptAlivePaths} />}>
        {routes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* The id comes from the path or, for older links, from ?id= (SPEC §2). */}
        <Route path={`${ARTICLE_PREVIEW_PATH}/:id?`} element={<ArticlePreviewPage />} />
        <Route path={EmployArticleTexts.listPath} element={<EmployArticlesPage />} />
        <Route
          path={`${ArticleAdminTexts.editPath}/:id`}
          element={
            <Permission anyOf={['article_admin']} denied={<Navigate to="/404" replace />}>
              <ArticleEditPage />
            </Permission>
          }
        />
        <Route
          path={`${ArticleReadLogTexts.path}/:id`}
          element={
            <Permission anyOf={['article_admin']} denied={<Navigate to="/404" replace />}>
              <ArticleReadLogPage />
            </Permission>
          }
        />
        <Route
          path="/survey/edit/:id"
          element={
            <Permission anyOf={['survey_admin']} denied={<Navigate to="/404" replace />}>
              <SurveyEditPage />
            </Permission>
          }
        />
        <Route path="/survey/survey-share-check/:id" element={<SurveyFillPage />} />
        <Route path="/feedback/view/:id" element={<FeedbackViewPage />} />
        <Route path={LeaveTexts.newPath} element={<LeaveRequestPage />} />
        <Route path={BILL_DETAIL_PATH} element={<BillDetailPage />} />
        <Route path={BILL_EDIT_PATH} element={<EditBillPage />} />
        <Route path={TEMPLATE_DESIGN_PATH} element={<TemplateDesignPage />} />
        <Route path={NOTIFICATIONS_PATH} element={<NotificationsPage />} />
        {/* SPEC §2: the page needs point_rank (the server refuses its calls without it too); without it the address
            is one the user has no page at, as an unknown one is: /404. */}
        <Route
          path={POINT_RANK_PATH}
          element={
            <Permission anyOf={['point_rank']} denied={<Navigate to="/404" replace />}>
              <PointRankPage />
            </Permission>
          }
        />
      </Route>
      {/* SPEC §2 /print: a bare A4 page, no navigation. */}
      <Route path={BILL_PRINT_PATH} element={<BillPrintPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

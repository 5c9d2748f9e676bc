import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType>;

// Only the signed-in area imports this module (issue 12): the sign-in page then loads none of it,
// and Rolldown sees that every page below loads after the area, so what a page shares with the area
// stays in the area's chunk instead of being cut into one small chunk per combination of pages.

/**
 * Menu path → page component, each loaded on first visit. A menu entry whose path has no page
 * here gets no route and lands on /404; each area adds its pages as it is built.
 */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/dashboard': lazy(() => import('../features/dashboard/pages/DashboardPage')),
  '/system/users': lazy(() => import('../features/admin-users/pages/UsersPage')),
  '/system/depts': lazy(() => import('../features/admin-org/pages/DeptsPage')),
  '/system/roles': lazy(() => import('../features/admin-org/pages/RolesPage')),
  '/system/menus': lazy(() => import('../features/admin-org/pages/MenusPage')),
  '/system/settings': lazy(() => import('../features/admin-org/pages/SettingsPage')),
  '/system/security-events': lazy(() => import('../features/security-log/pages/SecurityEventsPage')),
  '/office/approval': lazy(() => import('../features/bills/start/StartApprovalPage')),
  '/office/approval/todo': lazy(() => import('../features/bills/lists/TodoBillsPage')),
  '/office/approval/done': lazy(() => import('../features/bills/lists/DoneBillsPage')),
  '/office/approval/mine': lazy(() => import('../features/bills/lists/MineBillsPage')),
  '/office/approval/draft': lazy(() => import('../features/bills/lists/DraftBillsPage')),
  '/office/approval/tracked': lazy(() => import('../features/bills/lists/TrackedBillsPage')),
  '/office/approval/shared': lazy(() => import('../features/bills/lists/SharedBillsPage')),
  '/office/approval/entrust': lazy(() => import('../features/bills/entrust/EntrustPage')),
  '/office/templates': lazy(() => import('../features/templates/admin/TemplatesPage')),
  '/office/jobs': lazy(() => import('../features/jobs/pages/JobsPage')),
  '/article/manage': lazy(() => import('../features/articles/pages/ArticleManagePage')),
  '/article/types': lazy(() => import('../features/articles/pages/ArticleTypesPage')),
  '/holiday/stats': lazy(() => import('../features/holiday/pages/HolidayStatsPage')),
  '/holiday/calendar': lazy(() => import('../features/holiday/pages/HolidayCalendarPage')),
  '/holiday/mine': lazy(() => import('../features/holiday/pages/MyLeavePage')),
  '/holiday/details': lazy(() => import('../features/holiday/pages/LeaveDetailsPage')),
  '/holiday/types': lazy(() => import('../features/holiday/pages/LeaveTypesPage')),
  '/survey/manage': lazy(() => import('../features/surveys/pages/SurveyManagePage')),
  '/survey/mine': lazy(() => import('../features/surveys/pages/MySurveysPage')),
  '/feedback/pending': lazy(() => import('../features/surveys/pages/FeedbackPendingPage')),
};

/** Routed whatever the menu says: SPEC §2 sends / to the home page, which must therefore exist. */
export const ALWAYS_ROUTED: readonly string[] = ['/dashboard'];

/** Not in the menu: the article preview opened by the forced-read guard and by links. */
export const ArticlePreviewPage = lazy(() => import('../features/articles/pages/ArticlePreviewPage'));
export const ARTICLE_PREVIEW_PATH = '/dashboard/preview-artical';
/** 公告: the announcements meant for me, for every signed-in user, reached from the dashboard's 公告 card; not in the menu. */
export const EmployArticlesPage = lazy(() => import('../features/articles/pages/EmployArticlesPage'));
/** 新建文章 / 编辑 from 文章管理 (/article/edit/new, /article/edit/{id}); not in the menu. tiptap loads with it only. */
export const ArticleEditPage = lazy(() => import('../features/articles/pages/ArticleEditPage'));
/** 阅读记录 of one article (/article/read-log/{id}, article_admin), opened from 文章管理; not in the menu. */
export const ArticleReadLogPage = lazy(() => import('../features/articles/pages/ArticleReadLogPage'));
/** The survey designer (/survey/edit/{id}, survey_admin), opened from 问卷管理; not in the menu. */
export const SurveyEditPage = lazy(() => import('../features/surveys/pages/SurveyEditPage'));
/** SPEC §2 /survey/survey-share-check/{id}?ratee_id=: filling a survey or an evaluation as a targeted person, signed in. */
export const SurveyFillPage = lazy(() => import('../features/surveys/pages/SurveyFillPage'));
/** SPEC §2 /feedback/view/{id}?ratee_id=: an evaluation form's preview, 待我评价 highlighted (menu-highlight.ts). */
export const FeedbackViewPage = lazy(() => import('../features/surveys/pages/FeedbackViewPage'));

/** 申请请假 (/holiday/leave/new), opened from 我的假期 and from the 请假 template in 发起审批; not in the menu. */
export const LeaveRequestPage = lazy(() => import('../features/holiday/pages/LeaveRequestPage'));

/** SPEC §2 fixed approval routes, not in the menu: the bill detail (main layout) and its print page (no layout). */
export const BillDetailPage = lazy(() => import('../features/bills/detail/BillDetailPage'));
export const BILL_DETAIL_PATH = '/office/approval/detail';
/** SPEC §2 /office/approval/edit?billID&templateID: writing a new bill or editing a draft, rejected or withdrawn one. */
export const EditBillPage = lazy(() => import('../features/bills/edit/EditBillPage'));
export const BILL_EDIT_PATH = '/office/approval/edit';
export const BillPrintPage = lazy(() => import('../features/bills/print/BillPrintPage'));
export const BILL_PRINT_PATH = '/print';
/** 消息通知, opened from the header's bell; every signed-in user has it, so it is not in the menu. */
export const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));

/** 积分排行 (SPEC §2 /point/rank), opened from the header's icon; not in the menu. */
export const PointRankPage = lazy(() => import('../features/points/PointRankPage'));

/** The template designer (/office/templates/design?templateID), opened from 模板管理; not in the menu. */
export const TemplateDesignPage = lazy(() => import('../features/templates/design/TemplateDesignPage'));
export const TEMPLATE_DESIGN_PATH = '/office/templates/design';

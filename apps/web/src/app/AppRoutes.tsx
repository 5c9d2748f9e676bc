import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { serviceCookieName, setSessionExpiredHandler } from '../api/client';
import { saveServiceSegment } from '../api/session';
import { PageLoading } from '../components/PageLoading';
import { ProtectedArea } from './guard/ProtectedArea';
import { LoginLayout } from './layouts/LoginLayout';
// Every session starts at /login, so its page is part of the first script (issue 12): as a lazy
// chunk it could only be requested once the settings had answered.
import LoginPage from '../features/auth/pages/LoginPage';

const FindPasswordPage = lazy(() => import('../features/auth/pages/FindPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('../features/errors/pages/NotFoundPage'));
const SurveyResultPage = lazy(() => import('../features/surveys/pages/SurveyResultPage'));
const SurveyViewPage = lazy(() => import('../features/surveys/pages/SurveyViewPage'));
const SurveySharePage = lazy(() => import('../features/surveys/pages/SurveySharePage'));
const SurveySuccessPage = lazy(() => import('../features/surveys/pages/SurveySuccessPage'));

/** Public pages first; everything else goes through the navigation guard. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // A layout effect runs before the pages' data effects, so their calls already carry the new
  // page's Service header (SPEC §2: the first path segment, kept in a cookie).
  useLayoutEffect(() => {
    saveServiceSegment(serviceCookieName(), pathname);
  }, [pathname]);

  useEffect(() => {
    setSessionExpiredHandler((redirect) => {
      void navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
    });
  }, [navigate]);

  return (
    <Suspense fallback={<PageLoading isFullScreen />}>
      <Routes>
        <Route element={<LoginLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/find-password" element={<FindPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>
        {/* SPEC §2: public; a results link's token shows the aggregates to anyone. */}
        <Route path="/survey/survey-result/:id" element={<SurveyResultPage />} />
        {/* SPEC §2/§6: a survey's preview, its public link and the thanks after a submission need no sign-in. */}
        <Route path="/survey/survey-view/:id" element={<SurveyViewPage />} />
        <Route path="/survey/survey-share/:id" element={<SurveySharePage />} />
        <Route path="/survey/success" element={<SurveySuccessPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<ProtectedArea />} />
      </Routes>
    </Suspense>
  );
}

import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSession } from '../../api/session';
import { loginPath } from './redirects';

/**
 * Issue 12: the signed-in area (main layout, menu, header, profile dialogs and what the pages share)
 * is a chunk of its own, so that the sign-in page does not download it. main.tsx starts loading it
 * at once when a session exists, while GET /api/settings is still under way.
 */
const importSignedInArea = () => import('./SignedInArea');
const SignedInArea = lazy(importSignedInArea);

export function preloadSignedInArea(): void {
  // A failure here is met again, and shown, when the area renders.
  importSignedInArea().catch(() => {});
}

/** SPEC §2 navigation guard for every page that needs sign-in. */
export function ProtectedArea() {
  const location = useLocation();
  if (!hasSession()) return <Navigate to={loginPath(location)} replace />;
  return <SignedInArea />;
}

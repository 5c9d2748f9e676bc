import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMenu } from '../../api/menu';
import { clearSession, saveSessionUser } from '../../api/session';
import { useProfile } from '../../api/user';
import { PageLoading } from '../../components/PageLoading';
import { ForcedReadGate } from './ForcedReadGate';
import { loginPath } from './redirects';
import { SignedInRoutes } from '../SignedInRoutes';
// dayjs's zh-cn locale and zone plugins, which the date pickers and dates of the pages rely on; the
// sign-in pages have no dates and do not load dayjs (issue 12).
import '../../utils/datetime';

/**
 * With a token: the profile is fetched and the menu loaded once before any page shows (SPEC §2). Navigating
 * does not ask for the menu again: it is reloaded only when an answer's X-Menu-Version says that what this
 * user sees has changed (api/menu-version.ts), which shows an administrator's change on the next click.
 */
export default function SignedInArea() {
  const profile = useProfile();
  const menu = useMenu();

  useEffect(() => {
    if (profile.data) saveSessionUser(profile.data);
  }, [profile.data]);

  if (profile.isError) return <BackToSignIn />;
  if (profile.isPending || menu.isPending) return <PageLoading isFullScreen />;
  // A failed menu load is not fatal (SPEC §2): the app goes on with its built-in routes only.
  return <ForcedReadGate>{(location) => <SignedInRoutes location={location} menu={menu.data ?? []} />}</ForcedReadGate>;
}

/** SPEC §2: a profile that cannot be fetched ends the session; sign-in brings the user back here. */
function BackToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    void navigate(loginPath(location), { replace: true });
  }, [location, navigate]);
  return <PageLoading isFullScreen />;
}

import { SYSTEM_NAME } from '@osp/shared';
import { Outlet } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { useSettings } from '../../api/settings';

/**
 * The year on the company's clock (utils/datetime's DISPLAY_TIME_ZONE), without dayjs, which the
 * sign-in pages do not load (issue 12).
 */
function companyYear(): string {
  return new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());
}

/** SPEC §2: sign-in related pages have their own background and no menu. */
export function LoginLayout() {
  const { data: settings } = useSettings();
  const systemName = settings?.system_name || SYSTEM_NAME;

  return (
    <div className="login-layout">
      <header className="login-layout__brand">
        <img src={logoUrl} alt="" width={40} height={40} />
        <span>{systemName}</span>
      </header>
      <main className="login-layout__panel">
        <Outlet />
      </main>
      <footer className="login-layout__footer">
        © {companyYear()} {systemName}
      </footer>
    </div>
  );
}

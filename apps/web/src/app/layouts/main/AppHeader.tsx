import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Link } from 'react-router';
import { LayoutTexts, SYSTEM_NAME, type PrivateSettings, type UserProfile } from '@osp/shared';
import logoUrl from '../../../assets/logo.svg';
import { TodoBadge } from '../../../features/bills/lists/TodoBadge';
import { NotificationBell } from '../../../features/notifications/NotificationBell';
import { PointRankLink } from '../../../features/points/PointRankLink';
import { Permission } from '../../../components/Permission';
import { HOME_PATH } from '../../guard/redirects';
import { HeaderBanner } from './HeaderBanner';
import { QrCodeButton } from './QrCodeButton';
import { UserMenu } from './UserMenu';

interface AppHeaderProps {
  profile: UserProfile;
  settings: PrivateSettings | undefined;
  isMobile: boolean;
  /** Whether the side menu (or, on mobile, the drawer) currently shows its full width. */
  isMenuExpanded: boolean;
  onToggleMenu: () => void;
  onOpenProfile: () => void;
  onOpenPassword: () => void;
}

/** SPEC §2 header: logo, menu toggle, banner, QR code and the user's dropdown. */
export function AppHeader({ profile, settings, isMobile, isMenuExpanded, onToggleMenu, onOpenProfile, onOpenPassword }: AppHeaderProps) {
  const systemName = settings?.system_name || SYSTEM_NAME;
  const hasBanner = settings?.header_banner === 1 && settings.header_banner_message !== '';

  return (
    <Layout.Header className="app-header">
      <Link to={HOME_PATH} className="app-header__brand" aria-label={`${systemName} 首页`}>
        <img src={logoUrl} alt="" width={32} height={32} />
        {!isMobile && <span className="app-header__name">{systemName}</span>}
      </Link>
      <Button
        type="text"
        className="header-icon-button"
        aria-label={isMenuExpanded ? LayoutTexts.collapseMenu : LayoutTexts.expandMenu}
        aria-expanded={isMenuExpanded}
        icon={isMenuExpanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
      />
      <div className="app-header__banner">
        {hasBanner && <HeaderBanner message={settings.header_banner_message} isScrolling={isMobile} />}
      </div>
      <div className="app-header__actions">
        <Permission anyOf={['point_rank']}>
          <PointRankLink />
        </Permission>
        <TodoBadge />
        <NotificationBell />
        <QrCodeButton url={settings?.qrcode_url || window.location.origin} />
        <UserMenu
          profile={profile}
          webmailUrl={settings?.webmail_url}
          isCompact={isMobile}
          onOpenProfile={onOpenProfile}
          onOpenPassword={onOpenPassword}
        />
      </div>
    </Layout.Header>
  );
}

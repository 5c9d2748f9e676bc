import { Drawer, Layout } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { buildSideMenu, LayoutTexts, shapeMenu, type MenuItem } from '@osp/shared';
import { useDashboardCounts } from '../../../api/bills';
import { usePrivateSettings } from '../../../api/settings';
import { useProfile } from '../../../api/user';
import { PageLoading } from '../../../components/PageLoading';
import { PasswordDialog } from '../../../features/profile/components/PasswordDialog';
import { ProfileDialog } from '../../../features/profile/components/ProfileDialog';
import { useAppStore } from '../../../stores/app-store';
import { useIsMobile } from '../../../utils/useIsMobile';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { TabbedPages } from './TabbedPages';

/** 抄送我的, whose entry shows how many shares are still 待阅. */
const SHARED_BOX_PATH = '/office/approval/shared';

interface MainLayoutProps {
  menu: readonly MenuItem[];
  keptAlivePaths: ReadonlySet<string>;
}

type UserDialog = 'profile' | 'password';

/** SPEC §2 main layout: header, side menu (a drawer on mobile), the tab bar of open pages (not on mobile) and the page. */
export function MainLayout({ menu, keptAlivePaths }: MainLayoutProps) {
  const { data: profile } = useProfile();
  const settings = usePrivateSettings();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const isSidebarCollapsed = useAppStore((state) => state.common.isSidebarCollapsed);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const entries = useMemo(() => buildSideMenu(shapeMenu(menu)), [menu]);
  // The same counts as the header's 待我审批 badge (read again on every navigation there).
  const sharedUnread = useDashboardCounts().data?.shared_unread ?? 0;
  const counts = useMemo(() => ({ [SHARED_BOX_PATH]: sharedUnread }), [sharedUnread]);
  const [openDialog, setOpenDialog] = useState<UserDialog | null>(null);

  // The drawer belongs to the page it was opened on: any navigation hides it (SPEC §2).
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const isDrawerOpen = isMobile && drawerOpenedOn === pathname;
  const closeDrawer = () => setDrawerOpenedOn(null);

  if (!profile) return <PageLoading isFullScreen />;

  return (
    <Layout className="main-layout">
      <AppHeader
        profile={profile}
        settings={settings}
        isMobile={isMobile}
        isMenuExpanded={isMobile ? isDrawerOpen : !isSidebarCollapsed}
        onToggleMenu={isMobile ? () => setDrawerOpenedOn(isDrawerOpen ? null : pathname) : toggleSidebar}
        onOpenProfile={() => setOpenDialog('profile')}
        onOpenPassword={() => setOpenDialog('password')}
      />
      <Layout className="main-layout__body">
        {isMobile ? (
          <Drawer
            placement="left"
            open={isDrawerOpen}
            onClose={closeDrawer}
            size={240}
            title={LayoutTexts.menuDrawer}
            className="menu-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <SideMenu entries={entries} isCollapsed={false} counts={counts} onNavigate={closeDrawer} />
          </Drawer>
        ) : (
          <Layout.Sider width={220} collapsedWidth={64} collapsed={isSidebarCollapsed} trigger={null} className="app-sider">
            <SideMenu entries={entries} isCollapsed={isSidebarCollapsed} counts={counts} />
          </Layout.Sider>
        )}
        <Layout.Content className="main-layout__content">
          {/* Keyed by the user: another user signing in on this browser starts from their own tabs and kept pages. */}
          <TabbedPages key={profile.id} userId={profile.id} menu={menu} keptAlivePaths={keptAlivePaths} isBarShown={!isMobile} />
        </Layout.Content>
      </Layout>
      <ProfileDialog isOpen={openDialog === 'profile'} onClose={() => setOpenDialog(null)} />
      <PasswordDialog isOpen={openDialog === 'password'} onClose={() => setOpenDialog(null)} />
    </Layout>
  );
}

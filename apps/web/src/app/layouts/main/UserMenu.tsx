import { DownOutlined, LockOutlined, LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { LoginMessages, type UserProfile } from '@osp/shared';
import { signOut } from '../../../api/auth';
import { clearSession } from '../../../api/session';
import { UserAvatar } from '../../../components/UserAvatar';

interface UserMenuProps {
  profile: UserProfile;
  webmailUrl: string | undefined;
  /** A narrow header shows no arrow and a shorter name. */
  isCompact: boolean;
  onOpenProfile: () => void;
  onOpenPassword: () => void;
}

/** SPEC §2: the header's user dropdown, with exactly 个人信息, 修改密码, 登录邮箱 and 退出. */
export function UserMenu({ profile, webmailUrl, isCompact, onOpenProfile, onOpenPassword }: UserMenuProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const confirmSignOut = () => {
    modal.confirm({
      title: LoginMessages.logoutConfirm,
      onOk: async () => {
        try {
          await signOut();
        } catch {
          // The token may already be dead; signing out locally is what the user asked for.
        }
        clearSession();
        await navigate('/login', { replace: true });
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'profile', label: '个人信息', icon: <UserOutlined /> },
    { key: 'password', label: '修改密码', icon: <LockOutlined /> },
    { key: 'webmail', label: '登录邮箱', icon: <MailOutlined />, disabled: !webmailUrl },
    { type: 'divider' },
    { key: 'sign-out', label: '退出', icon: <LogoutOutlined /> },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') onOpenProfile();
    else if (key === 'password') onOpenPassword();
    else if (key === 'webmail' && webmailUrl) window.open(webmailUrl, '_blank', 'noopener,noreferrer');
    else if (key === 'sign-out') confirmSignOut();
  };

  return (
    <Dropdown menu={{ items, onClick: handleClick }} placement="bottomRight" trigger={['hover', 'click']}>
      <button type="button" className="user-menu" aria-label={`用户菜单：${profile.name}`}>
        <UserAvatar name={profile.name} photo={profile.profilePhoto} size={32} />
        <span className="user-menu__name">{profile.name}</span>
        {!isCompact && <DownOutlined className="user-menu__arrow" />}
      </button>
    </Dropdown>
  );
}

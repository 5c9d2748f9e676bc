import { Button, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { AdminUserMessages, type AdminUser, type UserSession } from '@osp/shared';
import { useRevokeSessions, useUserSessions } from '../../../api/admin-users';
import { toast } from '../../../components/toast';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatDateTime } from '../../../utils/datetime';
import { useIsMobile } from '../../../utils/useIsMobile';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { WhyNot } from './WhyNot';

interface SessionsDrawerProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** "Chrome · Windows" from a user agent, enough to tell a user's devices apart. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' · ') || '未知设备';
}

interface SessionItemProps {
  session: UserSession;
  /** Why signing this user out is refused (an account beyond the caller); '' when it is not. */
  blockedReason: string;
  onRevoke: () => Promise<unknown>;
}

function SessionItem({ session, blockedReason, onRevoke }: SessionItemProps) {
  return (
    <List.Item
      actions={[
        <WhyNot key="revoke" reason={blockedReason} placement="left">
          <Popconfirm
            title={session.is_current ? '这是您当前的会话，注销后需要重新登录，确认吗？' : '确认注销该会话吗？'}
            okText="注销"
            okButtonProps={{ danger: true }}
            disabled={blockedReason !== ''}
            onConfirm={() => void onRevoke()}
          >
            <Button size="small" danger disabled={blockedReason !== ''}>
              注销
            </Button>
          </Popconfirm>
        </WhyNot>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <span>{deviceOf(session.user_agent)}</span>
            <Tag>{session.ip || '未知地址'}</Tag>
            {session.is_current && <Tag color="green">当前会话</Tag>}
          </Space>
        }
        description={
          <Space orientation="vertical" size={0}>
            <Typography.Text type="secondary">登录于 {formatDateTime(session.created_at)}</Typography.Text>
            <Typography.Text type="secondary">
              最近活动 <RelativeTime iso={session.last_seen_at} />
            </Typography.Text>
            <Typography.Text type="secondary" className="user-sessions__agent">
              {session.user_agent || '（无浏览器信息）'}
            </Typography.Text>
          </Space>
        }
      />
    </List.Item>
  );
}

/** A user's live sign-ins (not revoked, not expired), each revocable, and all at once. */
export function SessionsDrawer({ user, onClose }: SessionsDrawerProps) {
  const isMobile = useIsMobile();
  const sessions = useUserSessions(user?.id);
  const revoke = useRevokeSessions(user?.id ?? 0);

  const handleRevoke = (sessionId: number | 'all') =>
    revoke.mutateAsync(sessionId).then(
      (result) => {
        toast.success(result ? AdminUserMessages.sessionsRevoked(result.revoked) : AdminUserMessages.sessionRevoked);
        return sessions.refetch();
      },
      () => sessions.refetch(),
    );

  const list = sessions.data ?? [];
  // The server says whether this account is the caller's to sign out (abilities.manage), and why not.
  const blockedReason = user && !user.abilities.manage ? user.manage_blocked_reason : '';
  return (
    <Drawer
      title={user ? `会话 · ${user.name}（${user.username}）` : '会话'}
      open={user !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      destroyOnHidden
      extra={
        <Space>
          {user && <OperationLogButton itemType="session" itemId={user.id} />}
          <WhyNot reason={blockedReason} placement="bottomRight">
            <Popconfirm
              title={AdminUserMessages.confirmRevokeAll}
              okText="全部注销"
              okButtonProps={{ danger: true }}
              onConfirm={() => void handleRevoke('all')}
              disabled={list.length === 0 || blockedReason !== ''}
            >
              <Button danger disabled={list.length === 0 || blockedReason !== ''}>
                全部注销
              </Button>
            </Popconfirm>
          </WhyNot>
        </Space>
      }
    >
      {!sessions.isLoading && list.length === 0 ? (
        <Empty description="该用户当前没有有效会话" />
      ) : (
        <List
          loading={sessions.isLoading}
          dataSource={list}
          rowKey="id"
          renderItem={(session) => (
            <SessionItem session={session} blockedReason={blockedReason} onRevoke={() => handleRevoke(session.id)} />
          )}
        />
      )}
    </Drawer>
  );
}

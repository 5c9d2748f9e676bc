import { DownOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, Tag, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { GrantMessages, UserStatusLabels, type AdminUser, type Paged } from '@osp/shared';
import { useIsMobile } from '../../../utils/useIsMobile';

export type UserAction = 'edit' | 'roles' | 'password' | 'sessions' | 'status' | 'log';

interface UsersTableProps {
  data: Paged<AdminUser> | undefined;
  isLoading: boolean;
  onPageChange: (page: number, perPage: number) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}

/** Why the server will refuse roles for this account ('' when it will not): beyond the caller, or their own. */
function rolesBlockedReason(user: AdminUser): string {
  if (user.abilities.roles) return '';
  return user.manage_blocked_reason || GrantMessages.ownRoles;
}

function moreItems(user: AdminUser): MenuProps['items'] {
  const blocked = !user.abilities.manage;
  return [
    { key: 'password', label: '重置密码', disabled: blocked, title: user.manage_blocked_reason },
    { key: 'sessions', label: '会话管理' },
    {
      key: 'status',
      label: user.status === 1 ? '禁用' : '启用',
      danger: user.status === 1 && !blocked,
      disabled: blocked,
      title: user.manage_blocked_reason,
    },
    { type: 'divider' },
    { key: 'log', label: '操作日志' },
  ];
}

/** The user list: who, where, how to reach them, their roles and status, and what can be done. */
export function UsersTable({ data, isLoading, onPageChange, onAction }: UsersTableProps) {
  const isMobile = useIsMobile();
  const columns: TableColumnsType<AdminUser> = [
    {
      title: '用户',
      key: 'user',
      render: (_, user) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{user.name}</Typography.Text>
          <Typography.Text type="secondary" className="users-table__minor">
            {user.username}
            {isMobile && user.dept ? ` · ${user.dept.name}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '部门', key: 'dept', responsive: ['md'], render: (_, user) => user.dept?.name ?? '—' },
    { title: '岗位', dataIndex: 'station', responsive: ['lg'], render: (station: string) => station || '—' },
    { title: '手机号', dataIndex: 'mobile', responsive: ['md'], render: (mobile: string) => mobile || '—' },
    {
      title: '角色',
      key: 'roles',
      responsive: ['md'],
      render: (_, user) =>
        user.roles.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {user.roles.map((role) => (
              <Tag key={role.key} color={role.key === 'admin' ? 'gold' : 'blue'}>
                {role.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 72,
      render: (status: number) => <Tag color={status === 1 ? 'green' : 'red'}>{UserStatusLabels[status] ?? status}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: isMobile ? 72 : 210,
      render: (_, user) => (
        <Space size={0} wrap={false}>
          {!isMobile && (
            <>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                disabled={!user.abilities.manage}
                title={user.manage_blocked_reason || undefined}
                onClick={() => onAction('edit', user)}
              >
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                icon={<TeamOutlined />}
                disabled={!user.abilities.roles}
                title={rolesBlockedReason(user) || undefined}
                onClick={() => onAction('roles', user)}
              >
                角色
              </Button>
            </>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: isMobile
                ? [
                    { key: 'edit', label: '编辑', disabled: !user.abilities.manage },
                    { key: 'roles', label: '分配角色', disabled: !user.abilities.roles },
                    ...(moreItems(user) ?? []),
                  ]
                : moreItems(user),
              onClick: ({ key }) => onAction(key as UserAction, user),
            }}
          >
            <Button type="link" size="small" aria-label={`更多操作 ${user.username}`}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Table<AdminUser>
      className="users-table"
      rowKey="id"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={isLoading}
      size={isMobile ? 'small' : 'middle'}
      pagination={{
        current: data?.page ?? 1,
        pageSize: data?.per_page ?? 15,
        total: data?.total ?? 0,
        showSizeChanger: !isMobile,
        pageSizeOptions: [15, 30, 50, 100],
        simple: isMobile,
        showTotal: (total) => `共 ${total} 人`,
        onChange: onPageChange,
      }}
    />
  );
}

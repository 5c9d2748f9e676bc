import { DownOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, Tag, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { HandoverTexts, UserStatusLabels, type AdminUser, type Paged } from '@osp/shared';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../utils/useIsMobile';
import { WhyNot } from './WhyNot';

export type UserAction = 'edit' | 'roles' | 'password' | 'sessions' | 'status' | 'handover' | 'log';

interface UsersTableProps {
  data: Paged<AdminUser> | undefined;
  isLoading: boolean;
  /** The table's empty slot: nothing under the spinner, 加载失败 with 重试, or the empty list (queryListState). */
  emptyText: ReactNode;
  onPageChange: (page: number, perPage: number) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}

function moreItems(user: AdminUser): MenuProps['items'] {
  const blocked = !user.abilities.manage;
  const reason = user.manage_blocked_reason;
  return [
    {
      key: 'password',
      label: (
        <WhyNot reason={reason} placement="left">
          重置密码
        </WhyNot>
      ),
      disabled: blocked,
    },
    { key: 'sessions', label: '会话管理' },
    {
      key: 'status',
      label: (
        <WhyNot reason={reason} placement="left">
          {user.status === 1 ? '禁用' : '启用'}
        </WhyNot>
      ),
      danger: user.status === 1 && !blocked,
      disabled: blocked,
    },
    {
      key: 'handover',
      label: (
        <WhyNot reason={reason} placement="left">
          {HandoverTexts.action}
        </WhyNot>
      ),
      disabled: blocked,
    },
    { type: 'divider' },
    { key: 'log', label: '操作日志' },
  ];
}

/** The user list: who, where, how to reach them, their roles and status, and what can be done. */
export function UsersTable({ data, isLoading, emptyText, onPageChange, onAction }: UsersTableProps) {
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
              <WhyNot reason={user.manage_blocked_reason}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  disabled={!user.abilities.manage}
                  onClick={() => onAction('edit', user)}
                >
                  编辑
                </Button>
              </WhyNot>
              <WhyNot reason={user.roles_blocked_reason}>
                <Button
                  type="link"
                  size="small"
                  icon={<TeamOutlined />}
                  disabled={!user.abilities.roles}
                  onClick={() => onAction('roles', user)}
                >
                  角色
                </Button>
              </WhyNot>
            </>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: isMobile
                ? [
                    {
                      key: 'edit',
                      label: <WhyNot reason={user.manage_blocked_reason}>编辑</WhyNot>,
                      disabled: !user.abilities.manage,
                    },
                    {
                      key: 'roles',
                      label: <WhyNot reason={user.roles_blocked_reason}>分配角色</WhyNot>,
                      disabled: !user.abilities.roles,
                    },
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
      locale={{ emptyText }}
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

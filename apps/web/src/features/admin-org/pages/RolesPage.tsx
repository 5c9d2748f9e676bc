import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Popconfirm, Row, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { RoleMessages, type AdminRole } from '@osp/shared';
import { useState } from 'react';
import { useAdminRoles, useDeleteRole } from '../../../api/admin-org';
import { messageText } from '../../../components/HtmlMessage';
import { queryListState } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { AdminPage } from '../../../components/AdminPage';
import { useRevealOnPhone } from '../../../components/useRevealOnPhone';
import { RoleDialog } from '../components/RoleDialog';
import { RolePermissionPanel } from '../components/RolePermissionPanel';
import '../admin-org.css';

/** /system/roles: the roles with their member counts, and the selected role's permission tree. */
export default function RolesPage() {
  const roles = useAdminRoles();
  const remove = useDeleteRole();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editorRef = useRevealOnPhone<HTMLDivElement>(selectedId);
  const [dialogRole, setDialogRole] = useState<AdminRole | 'new' | null>(null);
  const selected = roles.data?.find((r) => r.id === selectedId);
  const listed = queryListState(roles, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);

  const columns: TableColumnsType<AdminRole> = [
    {
      title: '角色',
      key: 'name',
      render: (_, role) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{role.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {role.key}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '成员', dataIndex: 'member_count', width: 64, align: 'right' },
    { title: '权限', key: 'permissions', width: 64, align: 'right', render: (_, role) => role.permissions.length },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, role) => (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <Tooltip title={messageText(role.edit_blocked_reason) || '重命名'}>
            {/* A disabled button hears no hover: the span does, so the reason still shows. */}
            <span className="role-action">
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={`重命名${role.name}`}
                disabled={!role.abilities.edit}
                onClick={() => setDialogRole(role)}
              />
            </span>
          </Tooltip>
          <Tooltip title={messageText(role.delete_blocked_reason) || '删除'}>
            <span className="role-action">
              <Popconfirm
                title={`确认删除角色「${role.name}」吗？`}
                okText="删除"
                okButtonProps={{ danger: true }}
                disabled={!role.abilities.delete}
                onConfirm={() =>
                  remove.mutate(role.id, {
                    onSuccess: () => {
                      toast.success(RoleMessages.deleted);
                      if (selectedId === role.id) setSelectedId(null);
                    },
                  })
                }
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${role.name}`}
                  disabled={!role.abilities.delete}
                />
              </Popconfirm>
            </span>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="角色权限"
      description="点选角色后勾选它的权限；修改在该角色成员的下一次操作时生效。成员在用户管理中分配。"
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogRole('new')}>
            新建角色
          </Button>
          <OperationLogButton itemType="role" />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={11}>
          <Card size="small" styles={{ body: { padding: 0 } }}>
            {listed.above}
            <Table<AdminRole>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={roles.data ?? []}
              loading={listed.isLoading}
              locale={{ emptyText: listed.emptyText }}
              pagination={false}
              rowClassName={(role) => (role.id === selectedId ? 'ant-table-row-selected' : '')}
              onRow={(role) => ({ onClick: () => setSelectedId(role.id), style: { cursor: 'pointer' } })}
            />
          </Card>
        </Col>
        <Col ref={editorRef} xs={24} lg={13}>
          {selected ? (
            <RolePermissionPanel role={selected} />
          ) : (
            <Card>
              <Empty description="在左侧选择一个角色，设置它的权限" />
            </Card>
          )}
        </Col>
      </Row>
      <RoleDialog
        role={dialogRole}
        onClose={() => setDialogRole(null)}
        onSaved={(id) => {
          setDialogRole(null);
          setSelectedId(id);
        }}
      />
    </AdminPage>
  );
}

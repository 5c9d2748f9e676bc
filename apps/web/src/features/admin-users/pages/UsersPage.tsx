import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Input, Select } from 'antd';
import { AdminUserMessages, CommonMessages, type AdminUser } from '@osp/shared';
import { useState } from 'react';
import { exportUsers, useAdminUsers, useSetUserStatus, type UserListFilter } from '../../../api/admin-users';
import { fetchHandoverSummary } from '../../../api/handover';
import { queryListState } from '../../../components/LoadFailed';
import { DeptPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { OperationLogButton, OperationLogDrawer } from '../../../components/OperationLogDrawer';
import { HandoverDialog } from '../components/HandoverDialog';
import { ImportDialog } from '../components/ImportDialog';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog';
import { RolesDialog } from '../components/RolesDialog';
import { SessionsDrawer } from '../components/SessionsDrawer';
import { UserFormDialog } from '../components/UserFormDialog';
import { UsersTable, type UserAction } from '../components/UsersTable';
import '../admin-users.css';

const STATUS_OPTIONS = [
  { value: 1, label: '正常' },
  { value: 0, label: '禁用' },
];

/** /system/users (permission sys_user): people, their roles, status, passwords and sessions. */
export default function UsersPage() {
  const { modal, message } = App.useApp();
  const [filter, setFilter] = useState<UserListFilter>({});
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const users = useAdminUsers({ ...filter, ...paging });
  const listed = queryListState(users, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
  const setStatus = useSetUserStatus();

  const [formUser, setFormUser] = useState<AdminUser | 'new' | null>(null);
  const [rolesUser, setRolesUser] = useState<AdminUser | null>(null);
  const [passwordUser, setPasswordUser] = useState<AdminUser | null>(null);
  const [sessionsUser, setSessionsUser] = useState<AdminUser | null>(null);
  const [logUser, setLogUser] = useState<AdminUser | null>(null);
  const [handover, setHandover] = useState<{ user: AdminUser; isDisabling: boolean } | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isExporting, setIsExporting] = useState(false);

  const changeFilter = (next: UserListFilter) => {
    setFilter((current) => ({ ...current, ...next }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const disableUser = (user: AdminUser) =>
    setStatus.mutateAsync({ id: user.id, status: 0 }).then(
      () => toast.success(AdminUserMessages.disabled),
      // The API client has shown the refusal.
      () => undefined,
    );

  /** Disabling someone who still holds open tasks offers 离职交接 first (their bills would otherwise wait for nobody). */
  const startStatusChange = async (user: AdminUser) => {
    if (user.status === 1 && user.abilities.manage) {
      // A failed look-up (shown by the API client) falls back to the plain confirmation.
      const summary = await fetchHandoverSummary(user.id).catch(() => undefined);
      if (summary && summary.open_tasks > 0) {
        setHandover({ user, isDisabling: true });
        return;
      }
    }
    confirmStatus(user);
  };

  const confirmStatus = (user: AdminUser) => {
    const isDisabling = user.status === 1;
    modal.confirm({
      title: isDisabling ? '禁用用户' : '启用用户',
      content: isDisabling ? AdminUserMessages.confirmDisable(user.name) : AdminUserMessages.confirmEnable(user.name),
      okText: isDisabling ? '禁用' : '启用',
      okButtonProps: { danger: isDisabling },
      onOk: () =>
        setStatus.mutateAsync({ id: user.id, status: isDisabling ? 0 : 1 }).then(
          (saved) => toast.success(saved.status === 1 ? AdminUserMessages.enabled : AdminUserMessages.disabled),
          // The API client has shown the refusal; the dialog closes.
          () => undefined,
        ),
    });
  };

  const handleAction = (action: UserAction, user: AdminUser) => {
    if (action === 'edit') setFormUser(user);
    else if (action === 'roles') setRolesUser(user);
    else if (action === 'password') setPasswordUser(user);
    else if (action === 'sessions') setSessionsUser(user);
    else if (action === 'log') setLogUser(user);
    else if (action === 'handover') setHandover({ user, isDisabling: false });
    else void startStatusChange(user);
  };

  const handleExport = () => {
    setIsExporting(true);
    const hide = message.loading(CommonMessages.exporting, 0);
    exportUsers(filter)
      .catch(() => undefined)
      .finally(() => {
        hide();
        setIsExporting(false);
      });
  };

  return (
    <div className="users-page">
      <div className="users-page__header">
        <div>
          <h2 className="users-page__title">用户管理</h2>
          <p className="users-page__description">
            新建、编辑、启用或禁用用户，分配角色，重置密码，查看并注销会话。禁用或重置密码会立即注销该用户的所有会话。
          </p>
        </div>
        <Flex wrap gap={8}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormUser('new')}>
            新建用户
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setIsImportOpen(true)}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} loading={isExporting} onClick={handleExport}>
            导出
          </Button>
          <OperationLogButton itemType="user" />
        </Flex>
      </div>

      <Flex wrap gap={8} className="users-page__filters">
        <Input.Search
          allowClear
          placeholder="姓名 / 用户名 / 手机号"
          aria-label="搜索用户"
          maxLength={50}
          className="users-page__search"
          onSearch={(value) => changeFilter({ keyword: value.trim() || undefined })}
        />
        <DeptPicker
          allowClear
          placeholder="全部部门（含下级）"
          aria-label="按部门筛选"
          className="users-page__dept"
          value={filter.dept_id}
          onChange={(value) => changeFilter({ dept_id: value })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          className="users-page__status"
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(value: number | undefined) => changeFilter({ status: value })}
        />
      </Flex>

      {listed.above}
      <UsersTable
        data={users.data}
        isLoading={listed.isLoading}
        emptyText={listed.emptyText}
        onPageChange={(page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage })}
        onAction={handleAction}
      />

      <UserFormDialog user={formUser} onClose={() => setFormUser(null)} />
      <RolesDialog key={rolesUser?.id ?? 'closed'} user={rolesUser} onClose={() => setRolesUser(null)} />
      <ResetPasswordDialog user={passwordUser} onClose={() => setPasswordUser(null)} />
      <SessionsDrawer user={sessionsUser} onClose={() => setSessionsUser(null)} />
      <ImportDialog isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
      <HandoverDialog
        user={handover?.user ?? null}
        isDisabling={handover?.isDisabling ?? false}
        onClose={() => setHandover(null)}
        onDisable={disableUser}
      />
      <OperationLogDrawer open={logUser !== null} onClose={() => setLogUser(null)} itemType="user" itemId={logUser?.id} />
    </div>
  );
}

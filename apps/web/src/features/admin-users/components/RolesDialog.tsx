import { Checkbox, Empty, Modal, Skeleton, Typography } from 'antd';
import { AdminUserMessages, type AdminUser } from '@osp/shared';
import { useState } from 'react';
import { useAssignRoles, useRoleOptions } from '../../../api/admin-users';
import { toast } from '../../../components/toast';
import { WhyNot } from './WhyNot';

interface RolesDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Replaces a user's roles; the new permissions apply from that user's next request. */
export function RolesDialog({ user, onClose }: RolesDialogProps) {
  const roles = useRoleOptions();
  const assign = useAssignRoles();
  // The page mounts this dialog afresh for each user (key), so the choice starts from their roles.
  const [selected, setSelected] = useState<string[]>(() => user?.roles.map((r) => r.key) ?? []);

  const handleOk = async () => {
    if (!user) return;
    // A refusal (e.g. removing one's own access) has been shown by the API client; the dialog stays.
    await assign.mutateAsync({ id: user.id, roles: selected }).then(
      () => {
        toast.success(AdminUserMessages.rolesAssigned);
        onClose();
      },
      () => undefined,
    );
  };

  return (
    <Modal
      title={user ? `分配角色 · ${user.name}（${user.username}）` : '分配角色'}
      open={user !== null}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText="保存"
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">勾选该用户的角色，保存后在其下一次操作时生效。</Typography.Paragraph>
      {roles.isLoading ? (
        <Skeleton active />
      ) : roles.data && roles.data.length > 0 ? (
        <Checkbox.Group
          className="user-roles"
          value={selected}
          onChange={(values) => setSelected(values)}
          options={roles.data.map((r) => ({
            value: r.key,
            // The server says which roles carry permissions the administrator lacks: shown, not grantable.
            label: (
              <WhyNot reason={r.blocked_reason} placement="top">
                {`${r.name}（${r.key}）`}
              </WhyNot>
            ),
            disabled: !r.grantable,
          }))}
        />
      ) : (
        <Empty description="暂无角色" />
      )}
    </Modal>
  );
}

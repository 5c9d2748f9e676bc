import { Alert, Button, Card, Empty, Flex, Tooltip, Tree, type TreeDataNode } from 'antd';
import { RoleMessages, type AdminRole } from '@osp/shared';
import { useMemo, useState } from 'react';
import { usePermissionGroups, useSetRolePermissions } from '../../../api/admin-org';
import { messageText } from '../../../components/HtmlMessage';
import { Unread } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';
import { OperationLogButton } from '../../../components/OperationLogDrawer';

const GROUP_PREFIX = 'group:';

/** The role's grants as a tree of areas and permissions; saved together. */
export function RolePermissionPanel({ role }: { role: AdminRole }) {
  const groups = usePermissionGroups();
  const save = useSetRolePermissions();
  // Edits belong to one role: switching roles starts again from that role's saved grants.
  const [draft, setDraft] = useState<{ roleId: number; keys: string[] } | null>(null);
  const checked = draft?.roleId === role.id ? draft.keys : role.permissions;
  const isDirty = draft?.roleId === role.id && [...draft.keys].sort().join() !== [...role.permissions].sort().join();

  const treeData = useMemo<TreeDataNode[]>(
    () =>
      (groups.data ?? []).map((group) => ({
        key: `${GROUP_PREFIX}${group.group}`,
        title: group.group,
        // The server marks what the administrator may grant (only what they hold); the rest stays as it is.
        children: group.permissions.map((p) => ({
          key: p.key,
          title:
            role.abilities.edit && p.grantable === false ? (
              <Tooltip title={messageText(p.blocked_reason ?? '')} placement="right">
                <span className="role-permission--blocked">{`${p.name}（${p.key}）`}</span>
              </Tooltip>
            ) : (
              `${p.name}（${p.key}）`
            ),
          disableCheckbox: !role.abilities.edit || p.grantable === false,
        })),
      })),
    [groups.data, role.abilities.edit],
  );

  const handleSave = () => {
    save.mutate(
      { id: role.id, permissions: checked },
      {
        onSuccess: () => {
          toast.success(RoleMessages.permissionsSaved);
          setDraft(null);
        },
      },
    );
  };

  return (
    <Card title={`「${role.name}」的权限`} extra={<OperationLogButton itemType="role" itemId={role.id} label="日志" />}>
      {role.edit_blocked_reason && (
        <Alert type="info" showIcon title={messageText(role.edit_blocked_reason)} style={{ marginBottom: 12 }} />
      )}
      {groups.data === undefined ? (
        <Unread query={groups} />
      ) : treeData.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) => {
            const list = Array.isArray(keys) ? keys : keys.checked;
            setDraft({ roleId: role.id, keys: list.map(String).filter((key) => !key.startsWith(GROUP_PREFIX)) });
          }}
        />
      )}
      <Flex wrap gap={8} style={{ marginTop: 16 }}>
        <Button type="primary" onClick={handleSave} loading={save.isPending} disabled={!isDirty}>
          保存权限
        </Button>
        <Button onClick={() => setDraft(null)} disabled={!isDirty}>
          撤销修改
        </Button>
      </Flex>
    </Card>
  );
}

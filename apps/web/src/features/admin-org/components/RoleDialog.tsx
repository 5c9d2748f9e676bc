import { Form, Input, Modal } from 'antd';
import { ROLE_NAME_MAX, RoleMessages, type AdminRole } from '@osp/shared';
import { useCreateRole, useRenameRole } from '../../../api/admin-org';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface RoleDialogProps {
  /** 'new' to create; a role to rename; null when closed. */
  role: AdminRole | 'new' | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}

interface Values {
  key: string;
  name: string;
}

/** Creates a role (key and name) or renames one; the key never changes once created. */
export function RoleDialog({ role, onClose, onSaved }: RoleDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const rename = useRenameRole();
  const isNew = role === 'new';

  const handleFinish = async (values: Values) => {
    try {
      if (role === 'new') {
        const { id } = await create.mutateAsync({ key: values.key, name: values.name, permissions: [] });
        toast.success(RoleMessages.created);
        onSaved(id);
      } else if (role) {
        await rename.mutateAsync({ id: role.id, name: values.name });
        toast.success(RoleMessages.renamed);
        onSaved(role.id);
      }
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={isNew ? '新建角色' : '重命名角色'}
      open={role !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '创建' : '保存'}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
    >
      {/* Destroyed when hidden: each opening starts from the role it was opened for. */}
      <Form<Values>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="role"
        initialValues={role === 'new' || role === null ? { key: '', name: '' } : { key: role.key, name: role.name }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="key"
          label="角色标识"
          extra={isNew ? '创建后不可修改；程序按标识识别角色，如 iptv、dept_admin' : undefined}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{1,31}$/, message: RoleMessages.keyInvalid }]}
        >
          <Input disabled={!isNew} maxLength={32} placeholder="如 dept_admin" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: RoleMessages.nameRequired }]}>
          <Input maxLength={ROLE_NAME_MAX} placeholder="如 部门管理员" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

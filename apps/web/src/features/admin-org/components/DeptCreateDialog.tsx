import { Form, Input, Modal } from 'antd';
import { DEPT_NAME_MAX, DeptMessages } from '@osp/shared';
import { useCreateDept } from '../../../api/admin-org';
import { showFieldErrors } from '../../../components/form-errors';
import { DeptPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';

interface DeptCreateDialogProps {
  /** Open with this parent preselected (null: top level); undefined: closed. */
  parentId: number | null | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
}

interface Values {
  name: string;
  parent_id: number | null;
}

export function DeptCreateDialog({ parentId, onClose, onCreated }: DeptCreateDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateDept();
  const isOpen = parentId !== undefined;

  const handleFinish = (values: Values) => {
    create.mutate(
      { name: values.name, parent_id: values.parent_id ?? null },
      {
        onSuccess: ({ id }) => {
          toast.success(DeptMessages.created);
          onCreated(id);
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  };

  return (
    <Modal
      title="新建部门"
      open={isOpen}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="创建"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {/* Destroyed when hidden: each opening starts from these values. */}
      <Form<Values>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="dept-create"
        initialValues={{ name: '', parent_id: parentId ?? null }}
        onFinish={handleFinish}
      >
        <Form.Item name="name" label="部门名称" rules={[{ required: true, whitespace: true, message: DeptMessages.nameRequired }]}>
          <Input maxLength={DEPT_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="parent_id" label="上级部门" extra="不选则为顶级部门">
          <DeptPicker allowClear placeholder="顶级部门" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

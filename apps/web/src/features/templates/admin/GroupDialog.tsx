import { Form, Input, Modal } from 'antd';
import { ApprovalMessages, TemplateAdminTexts, type TemplateGroup } from '@osp/shared';
import { useCreateTemplateGroup, useRenameTemplateGroup } from '../../../api/templates';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface GroupDialogProps {
  /** 'new' to create; a group to rename; null when closed. */
  group: TemplateGroup | 'new' | null;
  /** Where a new group goes (after the last one). */
  nextSort: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}

interface Values {
  name: string;
}

/** Creates a template group or renames one. */
export function GroupDialog({ group, nextSort, onClose, onSaved }: GroupDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateTemplateGroup();
  const rename = useRenameTemplateGroup();
  const isNew = group === 'new';

  const handleFinish = async ({ name }: Values) => {
    try {
      if (group === 'new') {
        const created = await create.mutateAsync({ name, sort: nextSort });
        toast.success(ApprovalMessages.saved);
        onSaved(created.id);
      } else if (group) {
        await rename.mutateAsync({ id: group.id, name });
        toast.success(ApprovalMessages.saved);
        onSaved(group.id);
      }
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={isNew ? TemplateAdminTexts.newGroup : TemplateAdminTexts.renameGroup}
      open={group !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '创建' : '保存'}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
    >
      {/* Destroyed when hidden, its values cleared with it (the form instance outlives the Form): each opening starts from the group it was opened for. */}
      <Form<Values>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="template-group"
        initialValues={{ name: group === 'new' || group === null ? '' : group.name }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="name"
          label={TemplateAdminTexts.groupName}
          rules={[{ required: true, whitespace: true, message: ApprovalMessages.groupNameRequired }]}
        >
          <Input maxLength={30} placeholder={TemplateAdminTexts.groupNamePlaceholder} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

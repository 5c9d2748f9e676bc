import { Form, Modal, Select } from 'antd';
import { TemplateAdminTexts, type TemplateGroup, type TemplateSummary } from '@osp/shared';
import { useSortTemplates } from '../../../api/templates';
import { toast } from '../../../components/toast';
import { moveToGroup } from './order';

interface MoveDialogProps {
  /** The template to move; null when closed. */
  template: TemplateSummary | null;
  templates: readonly TemplateSummary[];
  groups: readonly TemplateGroup[];
  onClose: () => void;
}

interface Values {
  group_id: number | undefined;
}

/** 移动到分组: the template goes last in the chosen group (one sort call, no other change to it). */
export function MoveDialog({ template, templates, groups, onClose }: MoveDialogProps) {
  const [form] = Form.useForm<Values>();
  const sort = useSortTemplates();
  const targets = groups.filter((group) => group.id !== template?.group_id);

  const handleFinish = async ({ group_id }: Values) => {
    const target = groups.find((group) => group.id === group_id);
    if (!template || !target) return;
    try {
      await sort.mutateAsync(moveToGroup(templates, template.id, target.id));
      toast.success(TemplateAdminTexts.moved(target.name));
      onClose();
    } catch {
      // The client has shown the server's refusal; the dialog stays open to try again.
    }
  };

  return (
    <Modal
      title={template ? TemplateAdminTexts.moveTitle(template.name) : ''}
      open={template !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="移动"
      confirmLoading={sort.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} clearOnDestroy layout="vertical" name="template-move" onFinish={(values) => void handleFinish(values)}>
        <Form.Item
          name="group_id"
          label={TemplateAdminTexts.moveTarget}
          rules={[{ required: true, message: TemplateAdminTexts.groupRequired }]}
        >
          <Select
            options={targets.map((group) => ({ value: group.id, label: group.name }))}
            placeholder={TemplateAdminTexts.groupRequired}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { ApprovalMessages, TEMPLATE_NAME_MAX, TemplateAdminTexts, type TemplateDetail, type TemplateGroup } from '@osp/shared';
import { useCreateTemplate } from '../../../api/templates';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { TemplateIconPicker } from './TemplateIconPicker';

interface TemplateCreateDialogProps {
  isOpen: boolean;
  groups: readonly TemplateGroup[];
  /** The group selected on the page, proposed for the new template. */
  groupId: number | null;
  /** Whether the IPTV choice is offered (SPEC §6: holders of an iptv permission). */
  hasIptv: boolean;
  onClose: () => void;
  onCreated: (template: TemplateDetail) => void;
}

interface Values {
  name: string;
  group_id: number | undefined;
  icon: string;
  description: string;
  is_iptv: boolean;
}

/** 新建模板: the facts a template starts with; the form and the flow are designed next. */
export function TemplateCreateDialog({ isOpen, groups, groupId, hasIptv, onClose, onCreated }: TemplateCreateDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateTemplate();

  const handleFinish = async ({ name, group_id, icon, description, is_iptv }: Values) => {
    if (group_id === undefined) return;
    try {
      const created = await create.mutateAsync({ name, group_id, icon, description, isIptv: hasIptv && is_iptv });
      toast.success(ApprovalMessages.saved);
      onCreated(created);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={TemplateAdminTexts.newTemplate}
      open={isOpen}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={TemplateAdminTexts.createAndDesign}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="template-create"
        initialValues={{ name: '', group_id: groupId ?? groups[0]?.id, icon: 'FileTextOutlined', description: '', is_iptv: false }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="name"
          label={TemplateAdminTexts.templateName}
          rules={[{ required: true, whitespace: true, message: ApprovalMessages.templateNameRequired }]}
        >
          <Input maxLength={TEMPLATE_NAME_MAX} placeholder={TemplateAdminTexts.templateNamePlaceholder} autoComplete="off" />
        </Form.Item>
        <Form.Item name="group_id" label={TemplateAdminTexts.group} rules={[{ required: true, message: TemplateAdminTexts.groupRequired }]}>
          <Select
            options={groups.map((group) => ({ value: group.id, label: group.name }))}
            placeholder={TemplateAdminTexts.groupRequired}
          />
        </Form.Item>
        <Form.Item name="icon" label={TemplateAdminTexts.icon}>
          <TemplateIconPicker />
        </Form.Item>
        <Form.Item name="description" label={TemplateAdminTexts.templateDescription}>
          <Input.TextArea
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={TemplateAdminTexts.templateDescriptionPlaceholder}
          />
        </Form.Item>
        {hasIptv && (
          <Form.Item name="is_iptv" valuePropName="checked" extra={TemplateAdminTexts.iptvHint}>
            <Checkbox>{TemplateAdminTexts.iptv}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

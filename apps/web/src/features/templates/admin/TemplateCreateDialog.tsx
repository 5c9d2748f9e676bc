import { Checkbox, Form, Modal } from 'antd';
import { ApprovalMessages, TemplateAdminTexts, type TemplateDetail, type TemplateGroup } from '@osp/shared';
import { useCreateTemplate } from '../../../api/templates';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { TemplateBasicsFields } from './TemplateBasicsFields';

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
        clearOnDestroy
        layout="vertical"
        name="template-create"
        initialValues={{ name: '', group_id: groupId ?? groups[0]?.id, icon: 'FileTextOutlined', description: '', is_iptv: false }}
        onFinish={(values) => void handleFinish(values)}
      >
        <TemplateBasicsFields groups={groups} descriptionMaxRows={4} />
        {hasIptv && (
          <Form.Item name="is_iptv" valuePropName="checked" extra={TemplateAdminTexts.iptvHint}>
            <Checkbox>{TemplateAdminTexts.iptv}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

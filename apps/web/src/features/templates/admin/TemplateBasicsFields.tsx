import { Form, Input, Select } from 'antd';
import { ApprovalMessages, TEMPLATE_NAME_MAX, TemplateAdminTexts, type TemplateGroup } from '@osp/shared';
import { TemplateIconPicker } from './TemplateIconPicker';

interface TemplateBasicsFieldsProps {
  groups: readonly TemplateGroup[];
  isGroupsLoading?: boolean;
  /** How tall the description may grow: less in the 新建模板 dialog than on the designer's page. */
  descriptionMaxRows: number;
}

/** A template's name, group, icon and description, as 新建模板 and 基础设置 both ask for them. */
export function TemplateBasicsFields({ groups, isGroupsLoading, descriptionMaxRows }: TemplateBasicsFieldsProps) {
  return (
    <>
      <Form.Item
        name="name"
        label={TemplateAdminTexts.templateName}
        rules={[{ required: true, whitespace: true, message: ApprovalMessages.templateNameRequired }]}
      >
        <Input maxLength={TEMPLATE_NAME_MAX} placeholder={TemplateAdminTexts.templateNamePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item name="group_id" label={TemplateAdminTexts.group} rules={[{ required: true, message: TemplateAdminTexts.groupRequired }]}>
        <Select
          loading={isGroupsLoading}
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
          autoSize={{ minRows: 2, maxRows: descriptionMaxRows }}
          placeholder={TemplateAdminTexts.templateDescriptionPlaceholder}
        />
      </Form.Item>
    </>
  );
}

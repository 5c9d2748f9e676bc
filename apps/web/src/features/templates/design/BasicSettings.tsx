import { Alert, Form, Input, Select, Switch, Tag, type FormInstance } from 'antd';
import { ApprovalMessages, TEMPLATE_NAME_MAX, TemplateAdminTexts, TemplateDesignTexts } from '@osp/shared';
import { useAdminTemplateGroups } from '../../../api/templates';
import { TemplateIconPicker } from '../admin/TemplateIconPicker';
import type { TemplateDraft } from './draft';
import { StartersFields } from './StartersFields';

/** The 基础设置 form's values: the draft's facts apart from the form and the flow. */
export type BasicValues = Pick<TemplateDraft, 'name' | 'group_id' | 'icon' | 'description' | 'status' | 'starters'>;

interface BasicSettingsProps {
  form: FormInstance<BasicValues>;
  initialValues: BasicValues;
  isIptv: boolean;
  /** Refusals of the last save that no field here stands for. */
  generalErrors: readonly string[];
  onChange: (values: BasicValues) => void;
}

/** 基础设置: name, group, icon, description, on/off, who may start it; the IPTV flag is fixed. */
export function BasicSettings({ form, initialValues, isIptv, generalErrors, onChange }: BasicSettingsProps) {
  const groups = useAdminTemplateGroups();
  return (
    <div className="template-design__basic">
      {generalErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="template-design__general-errors"
          title={
            generalErrors.length === 1 ? (
              generalErrors[0]
            ) : (
              <ul>
                {generalErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )
          }
        />
      )}
      <Form<BasicValues>
        form={form}
        layout="vertical"
        name="template-basic"
        initialValues={initialValues}
        onValuesChange={(_changed, values) => onChange(values)}
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
            loading={groups.isPending}
            options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
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
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={TemplateAdminTexts.templateDescriptionPlaceholder}
          />
        </Form.Item>
        <Form.Item
          name="status"
          label={TemplateDesignTexts.status}
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={TemplateDesignTexts.statusOn} unCheckedChildren={TemplateDesignTexts.statusOff} />
        </Form.Item>
        <StartersFields />
        <Form.Item label={TemplateAdminTexts.iptv}>
          {isIptv ? <Tag color="purple">{TemplateAdminTexts.iptvTag}</Tag> : null}
          <span className="template-design__muted">{TemplateDesignTexts.iptvReadonly(isIptv)}</span>
        </Form.Item>
      </Form>
    </div>
  );
}

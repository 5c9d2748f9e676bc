import { Alert, Form, Select, Switch, Tag, type FormInstance } from 'antd';
import { TEMPLATE_SUBJECT_KINDS, TEMPLATE_SUBJECT_LABELS, TemplateAdminTexts, TemplateDesignTexts } from '@osp/shared';
import { useAdminTemplateGroups, type TemplateDraft } from '../../../api/templates';
import { TemplateBasicsFields } from '../admin/TemplateBasicsFields';
import { StartersFields } from './StartersFields';

/** The 基础设置 form's values: the draft's facts apart from the form and the flow. */
export type BasicValues = Pick<TemplateDraft, 'name' | 'group_id' | 'icon' | 'description' | 'status' | 'starters' | 'subject_kind'>;

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
        <TemplateBasicsFields groups={groups.data ?? []} isGroupsLoading={groups.isPending} descriptionMaxRows={5} />
        <Form.Item
          name="status"
          label={TemplateDesignTexts.status}
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={TemplateDesignTexts.statusOn} unCheckedChildren={TemplateDesignTexts.statusOff} />
        </Form.Item>
        <StartersFields />
        {!isIptv && (
          <Form.Item name="subject_kind" label={TemplateDesignTexts.subjectKind} extra={TemplateDesignTexts.subjectKindHelp}>
            <Select
              options={[
                { value: null, label: TemplateDesignTexts.subjectNone },
                ...TEMPLATE_SUBJECT_KINDS.map((kind) => ({
                  value: kind,
                  label: TemplateDesignTexts.subjectOf(TEMPLATE_SUBJECT_LABELS[kind]),
                })),
              ]}
            />
          </Form.Item>
        )}
        <Form.Item label={TemplateAdminTexts.iptv}>
          {isIptv ? <Tag color="purple">{TemplateAdminTexts.iptvTag}</Tag> : null}
          <span className="template-design__muted">{TemplateDesignTexts.iptvReadonly(isIptv)}</span>
        </Form.Item>
      </Form>
    </div>
  );
}

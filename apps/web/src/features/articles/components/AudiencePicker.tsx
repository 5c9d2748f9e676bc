import { Form, Radio } from 'antd';
import { ArticleAdminTexts } from '@osp/shared';
import { DeptPicker, PersonPicker, RolePicker } from '../../../components/pickers';
import { isAudienceMissing, type ArticleFormValues, type AudienceScope } from './article-form-values';

/**
 * 发布范围 inside the article form: 全员, or any mix of departments (with their sub-departments), roles and people.
 * Each list is a field of its own, so a 422 about one (a department deleted meanwhile) shows beside it.
 */
export function AudiencePicker() {
  const form = Form.useFormInstance<ArticleFormValues>();
  const scope = Form.useWatch('audience_scope', form) as AudienceScope | undefined;
  return (
    <>
      <Form.Item
        name="audience_scope"
        label={ArticleAdminTexts.fieldAudience}
        dependencies={['dept_ids', 'role_ids', 'user_ids']}
        extra={scope === 'some' ? ArticleAdminTexts.audienceHint : undefined}
        rules={[
          ({ getFieldsValue }) => ({
            validator: () =>
              isAudienceMissing(getFieldsValue(['audience_scope', 'dept_ids', 'role_ids', 'user_ids']) as ArticleFormValues)
                ? Promise.reject(new Error(ArticleAdminTexts.audienceEmpty))
                : Promise.resolve(),
          }),
        ]}
      >
        <Radio.Group
          optionType="button"
          options={[
            { value: 'all', label: ArticleAdminTexts.audienceAll },
            { value: 'some', label: ArticleAdminTexts.audienceSome },
          ]}
        />
      </Form.Item>
      {/* Hidden, not removed: switching to 全员 and back finds the choice again; 全员 sends none of it. */}
      <div className="article-form__audience" hidden={scope !== 'some'}>
        <Form.Item name="dept_ids" label={ArticleAdminTexts.audienceDepts}>
          <DeptPicker multiple allowClear placeholder={ArticleAdminTexts.deptsPlaceholder} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="role_ids" label={ArticleAdminTexts.audienceRoles}>
          <RolePicker source="audience" allowClear placeholder={ArticleAdminTexts.rolesPlaceholder} />
        </Form.Item>
        <Form.Item name="user_ids" label={ArticleAdminTexts.audienceUsers}>
          <PersonPicker multiple allowClear placeholder={ArticleAdminTexts.usersPlaceholder} />
        </Form.Item>
      </div>
    </>
  );
}

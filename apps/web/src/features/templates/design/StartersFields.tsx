import { Form } from 'antd';
import { TemplateDesignTexts } from '@osp/shared';
import { DeptPicker, PersonPicker, RolePicker } from '../../../components/pickers';

/**
 * 发起人范围 (starters): departments (with those below them), roles and people who may start bills
 * from the template; all empty means everyone. The three pickers fill `starters` of the 基础设置 form;
 * a chosen role deleted meanwhile, or a chosen person who has left, stays named so it can be removed.
 */
export function StartersFields() {
  return (
    <Form.Item label={TemplateDesignTexts.starters} extra={TemplateDesignTexts.startersHint} className="template-design__starters">
      <Form.Item name={['starters', 'dept_ids']} label={TemplateDesignTexts.starterDepts}>
        <DeptPicker multiple allowClear popupMatchSelectWidth={false} placeholder={TemplateDesignTexts.deptPlaceholder} />
      </Form.Item>
      <Form.Item name={['starters', 'role_ids']} label={TemplateDesignTexts.starterRoles}>
        <RolePicker source="starters" allowClear placeholder={TemplateDesignTexts.rolePlaceholder} />
      </Form.Item>
      <Form.Item name={['starters', 'user_ids']} label={TemplateDesignTexts.starterUsers}>
        <PersonPicker multiple allowClear placeholder={TemplateDesignTexts.userPlaceholder} />
      </Form.Item>
    </Form.Item>
  );
}

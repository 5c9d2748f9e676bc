import { Form, Select, TreeSelect } from 'antd';
import { TemplateDesignTexts } from '@osp/shared';
import { useMemo } from 'react';
import { useStarterRoles } from '../../../api/templates';
import { deptOptions, useDirectory } from '../../../components/bill-form';

/**
 * 发起人范围 (starters): departments (with those below them), roles and people who may start bills
 * from the template; all empty means everyone. The three pickers fill `starters` of the 基础设置 form.
 */
export function StartersFields() {
  const directory = useDirectory();
  const roles = useStarterRoles();
  const form = Form.useFormInstance();
  const chosenRoles = Form.useWatch<number[] | undefined>(['starters', 'role_ids'], form);
  const chosenUsers = Form.useWatch<number[] | undefined>(['starters', 'user_ids'], form);

  const depts = useMemo(() => deptOptions(directory.depts), [directory.depts]);
  const roleOptions = useMemo(() => {
    const listed = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
    // A chosen role the list does not name (deleted meanwhile) stays visible by its id, so it can be removed.
    const known = new Set(listed.map((option) => option.value));
    const unknown = (chosenRoles ?? []).filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...listed, ...unknown];
  }, [roles.data, chosenRoles]);
  const userOptions = useMemo(() => {
    const chosen = new Set(chosenUsers ?? []);
    // Active people to choose from; a chosen person who has left keeps their name so they can be removed.
    return directory.users
      .filter((user) => user.user_status === 1 || chosen.has(user.id))
      .map((user) => ({ value: user.id, label: user.dept_name ? `${user.name}（${user.dept_name}）` : user.name }));
  }, [directory.users, chosenUsers]);

  return (
    <Form.Item label={TemplateDesignTexts.starters} extra={TemplateDesignTexts.startersHint} className="template-design__starters">
      <Form.Item name={['starters', 'dept_ids']} label={TemplateDesignTexts.starterDepts}>
        <TreeSelect
          multiple
          allowClear
          treeData={depts}
          loading={directory.isLoading}
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={TemplateDesignTexts.deptPlaceholder}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name={['starters', 'role_ids']} label={TemplateDesignTexts.starterRoles}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          options={roleOptions}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={TemplateDesignTexts.rolePlaceholder}
        />
      </Form.Item>
      <Form.Item name={['starters', 'user_ids']} label={TemplateDesignTexts.starterUsers}>
        <Select
          mode="multiple"
          allowClear
          loading={directory.isLoading}
          options={userOptions}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={TemplateDesignTexts.userPlaceholder}
        />
      </Form.Item>
    </Form.Item>
  );
}

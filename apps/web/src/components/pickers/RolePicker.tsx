import { Select } from 'antd';
import { useMemo } from 'react';
import { useRoleOptions } from '../../api/admin-users';
import { useAudienceRoles } from '../../api/articles-admin';
import { useSurveyTargetRoles } from '../../api/survey-roles';
import { useStarterRoles } from '../../api/templates';
import { messageText } from '../HtmlMessage';
import { heldIds, roleOptions, type RoleChoice } from './directory-options';
import type { PickerControlProps } from './picker-props';

/*
 * Roles have no directory endpoint every signed-in user may read: each list comes from the administration
 * that names roles, and only its administrators may call it. So the picker says which list it shows:
 * - 'starters': GET /api/template/roles (template administrators), roles by id, for a template's 发起人范围;
 * - 'audience': GET /api/article/roles (article administrators), roles by id, for an article's 发布范围;
 * - 'survey-targets': GET /api/survey/roles (survey administrators), roles by id, for a survey's 填写范围;
 * - 'grants': GET /api/admin/users/role-options (user administrators), roles by key, those the caller may
 *   not grant shown disabled with the reason as a hint.
 */
export type RolePickerProps = PickerControlProps &
  (
    | { source: 'starters' | 'audience' | 'survey-targets'; value?: readonly number[] | null; onChange?: (value: number[]) => void }
    | { source: 'grants'; value?: readonly string[] | null; onChange?: (value: string[]) => void }
  );

const SEARCH = { optionFilterProp: 'label' };
const PLACEHOLDER = '选择角色';

interface RoleSelectProps<V extends number | string> extends PickerControlProps {
  value?: readonly V[] | null;
  onChange?: (value: V[]) => void;
  listed: readonly RoleChoice<V>[];
  isLoading: boolean;
}

function RoleSelect<V extends number | string>({
  value,
  onChange,
  listed,
  isLoading,
  placeholder = PLACEHOLDER,
  ...control
}: RoleSelectProps<V>) {
  const options = useMemo(() => roleOptions(listed, heldIds(value)), [listed, value]);
  return (
    <Select<V[], RoleChoice<V>>
      {...control}
      mode="multiple"
      showSearch={SEARCH}
      loading={isLoading}
      placeholder={placeholder}
      options={options}
      value={value ? [...value] : []}
      onChange={(next) => onChange?.(next)}
    />
  );
}

function RoleByIdSelect({
  source,
  ...props
}: Omit<RoleSelectProps<number>, 'listed' | 'isLoading'> & { source: 'starters' | 'audience' | 'survey-targets' }) {
  // Both hooks are called and only the chosen list is asked for: a hook may not be called conditionally.
  const starters = useStarterRoles(source === 'starters');
  const audience = useAudienceRoles(source === 'audience');
  const surveyTargets = useSurveyTargetRoles(source === 'survey-targets');
  const roles = source === 'starters' ? starters : source === 'audience' ? audience : surveyTargets;
  const listed = useMemo(() => (roles.data ?? []).map((role) => ({ value: role.id, label: role.name })), [roles.data]);
  return <RoleSelect<number> {...props} listed={listed} isLoading={roles.isPending} />;
}

function GrantableRoleSelect(props: Omit<RoleSelectProps<string>, 'listed' | 'isLoading'>) {
  const roles = useRoleOptions();
  const listed = useMemo(
    () =>
      (roles.data ?? []).map((role) => ({
        value: role.key,
        label: role.name,
        disabled: !role.grantable,
        // A native hint: the option list is already a popup.
        title: messageText(role.blocked_reason),
      })),
    [roles.data],
  );
  return <RoleSelect<string> {...props} listed={listed} isLoading={roles.isPending} />;
}

/** The one way to pick roles (always several); see above for the four lists it may show. */
export function RolePicker(props: RolePickerProps) {
  if (props.source === 'grants') {
    const { source: _source, ...rest } = props;
    return <GrantableRoleSelect {...rest} />;
  }
  return <RoleByIdSelect {...props} />;
}

import { Select } from 'antd';
import { MENU_ICON_NAMES } from '@osp/shared';
import { MenuIcon } from '../../../components/MenuIcon';

const options = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <span className="icon-picker__option">
      <MenuIcon name={name} />
      <span>{name.replace(/Outlined$/, '')}</span>
    </span>
  ),
  search: name.toLowerCase(),
}));

interface IconPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** Chooses one of the shared icon names, each shown as it will look in the side menu. */
export function IconPicker({ id, value, onChange }: IconPickerProps) {
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? '')}
      options={options}
      allowClear
      placeholder="选择图标（可输入英文名搜索）"
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()) }}
      virtual
    />
  );
}

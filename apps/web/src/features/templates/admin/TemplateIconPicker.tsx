import { Radio } from 'antd';
import { TEMPLATE_ICON_CHOICES } from '@osp/shared';
import { MenuIcon } from '../../../components/MenuIcon';

interface TemplateIconPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A template's icon, chosen from a small set of approval icons shown as they look on the 发起审批 page.
 * An icon outside the set (given through the API) is shown first, so it stays chosen until another is.
 */
export function TemplateIconPicker({ id, value, onChange }: TemplateIconPickerProps) {
  const isOther = Boolean(value) && !TEMPLATE_ICON_CHOICES.some(([name]) => name === value);
  const choices: readonly (readonly [string, string])[] = isOther
    ? [[value ?? '', value ?? ''], ...TEMPLATE_ICON_CHOICES]
    : TEMPLATE_ICON_CHOICES;
  return (
    <Radio.Group id={id} className="template-icon-picker" value={value ?? ''} onChange={(event) => onChange?.(String(event.target.value))}>
      {choices.map(([name, label]) => (
        <Radio.Button key={name} value={name} title={label} aria-label={label} className="template-icon-picker__option">
          <MenuIcon name={name} />
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

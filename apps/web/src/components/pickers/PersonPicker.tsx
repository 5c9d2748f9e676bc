import { Select } from 'antd';
import { BillFormTexts } from '@osp/shared';
import { useDirectoryUsers } from '../../api/directory';
import { heldIds, matchesPerson, personOptions, type PersonOption, type PersonOptionsInput } from './directory-options';
import { antdIds, emitIds, type IdValueProps, type PickerControlProps } from './picker-props';

export type PersonPickerProps = PickerControlProps & IdValueProps & Pick<PersonOptionsInput, 'filter' | 'unavailable'>;

const SEARCH = { filterOption: (input: string, option?: PersonOption) => matchesPerson(input, option) };

/**
 * The one way to pick a person (or several): 姓名（部门）, searched by name, username or department. It
 * offers enabled people (narrowed by `filter`) and names whoever the control holds, even someone disabled
 * since. Works inside `<Form.Item name=…>` (value, onChange, id); the people come from the directory.
 */
export function PersonPicker(props: PersonPickerProps) {
  const {
    filter,
    unavailable,
    placeholder = BillFormTexts.userPlaceholder,
    multiple,
    value: _value,
    onChange: _onChange,
    ...control
  } = props;
  const people = useDirectoryUsers();
  // Not memoised: a few hundred people at most, and the value a form holds changes with every pick.
  const options = personOptions(people.data ?? [], { held: heldIds(props.value), filter, unavailable });
  return (
    <Select<number | number[], PersonOption>
      {...control}
      mode={multiple ? 'multiple' : undefined}
      showSearch={SEARCH}
      loading={people.isPending}
      placeholder={placeholder}
      options={options}
      value={antdIds(props)}
      onChange={(next) => emitIds(props, next)}
    />
  );
}

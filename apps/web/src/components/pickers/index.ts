/**
 * The one way to pick a person, a department or roles, and to name the ids a form holds (issue 12).
 * Each picker reads its list itself (api/directory.ts; roles from their administration) and works
 * inside `<Form.Item name=…>`.
 */
export { PersonPicker, type PersonPickerProps } from './PersonPicker';
export { DeptPicker, type DeptPickerProps } from './DeptPicker';
export { RolePicker, type RolePickerProps } from './RolePicker';
export { useDirectoryNames, type DirectoryNames } from './useDirectoryNames';
export { personLabel } from './directory-options';

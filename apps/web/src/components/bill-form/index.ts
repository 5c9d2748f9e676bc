/** The bill form rendered from a template's schema: read only (detail, print) and editable (edit page, the form designer's preview). */
export { BillFormView, ItemsTableView, MoneyText, type BillFormViewProps } from './BillFormView';
export { BillFormFields, type BillFormFieldsProps } from './BillFormFields';
export {
  defaultFormValues,
  errorPath,
  itemsTotal,
  sumOfTotal,
  toEditorValues,
  toPayload,
  type EditorValues,
  type FormItems,
  type FormValues,
} from './values';
export { FieldInput } from './inputs';
export { fieldRule, toFieldErrors } from './rules';

/** The form designer (issue 5): palette, canvas, properties and preview of a template's form schema. */
export { FormDesigner, type FormDesignerProps } from './FormDesigner';
export { checkFormSchema } from './check';

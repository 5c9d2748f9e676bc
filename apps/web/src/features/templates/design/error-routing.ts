import type { FieldErrors } from '@osp/shared';
import { messageText } from '../../../components/HtmlMessage';

/*
 * A refused save (422) names its fields by payload path: `form_schema.fields.<i>.<prop>` belong to
 * 表单设计, `flow` and `flow.<nodeId>` to 流程设计, the rest to 基础设置's form. The page shows each
 * set where it belongs and opens the first tab that has any.
 */

export const DESIGN_TABS = ['basic', 'form', 'flow'] as const;
export type DesignTab = (typeof DESIGN_TABS)[number];

/** The 基础设置 form's fields, as antd name paths. */
const BASIC_FIELDS: readonly (readonly string[])[] = [
  ['name'],
  ['group_id'],
  ['icon'],
  ['description'],
  ['status'],
  ['starters', 'dept_ids'],
  ['starters', 'role_ids'],
  ['starters', 'user_ids'],
];

export interface BasicFieldError {
  name: string[];
  errors: string[];
}

export interface RoutedErrors {
  /** Errors of 基础设置's fields (a key below a field, e.g. starters.user_ids.2, goes to the field). */
  basic: BasicFieldError[];
  /** Errors 基础设置 has no field for, shown above its form. */
  general: string[];
  /** For <FormDesigner errors>, keys as sent. */
  form: FieldErrors;
  /** For <FlowDesigner errors>, keys as sent. */
  flow: FieldErrors;
}

export const NO_ERRORS: RoutedErrors = { basic: [], general: [], form: {}, flow: {} };

function isUnder(key: string, root: string): boolean {
  return key === root || key.startsWith(`${root}.`);
}

export function routeErrors(errors: FieldErrors): RoutedErrors {
  const routed: RoutedErrors = { basic: [], general: [], form: {}, flow: {} };
  for (const [key, sent] of Object.entries(errors)) {
    if (sent.length === 0) continue;
    // Shown as text (fields, canvas, the list above the tabs): the names the server escaped read as typed.
    const messages = sent.map(messageText);
    if (isUnder(key, 'form_schema')) routed.form[key] = messages;
    else if (isUnder(key, 'flow')) routed.flow[key] = messages;
    else {
      const path = key.split('.');
      const field = BASIC_FIELDS.find((name) => name.every((part, index) => path[index] === part));
      if (!field) {
        routed.general.push(...messages);
        continue;
      }
      const known = routed.basic.find((entry) => entry.name.join('.') === field.join('.'));
      if (known) known.errors.push(...messages.filter((message) => !known.errors.includes(message)));
      else routed.basic.push({ name: [...field], errors: [...messages] });
    }
  }
  return routed;
}

/** How many messages a tab shows (its badge). */
export function errorCount(routed: RoutedErrors, tab: DesignTab): number {
  const count = (errors: FieldErrors) => Object.values(errors).reduce((sum, messages) => sum + messages.length, 0);
  switch (tab) {
    case 'basic':
      return routed.general.length + routed.basic.reduce((sum, entry) => sum + entry.errors.length, 0);
    case 'form':
      return count(routed.form);
    case 'flow':
      return count(routed.flow);
  }
}

/** The first tab, in the order they are shown, that has errors; null when none has. */
export function firstTabWithErrors(routed: RoutedErrors): DesignTab | null {
  return DESIGN_TABS.find((tab) => errorCount(routed, tab) > 0) ?? null;
}

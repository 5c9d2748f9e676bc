import { EntrustTexts, type EntrustTemplateOption, type EntrustView } from '@osp/shared';

export interface TemplateOptionGroup {
  label: string;
  title: string;
  options: { value: number; label: string }[];
}

/**
 * The 委托模板 choice: the templates an entrust may name, in their groups, in the server's order; plus any template the
 * entrust being edited already names that is no longer offered (disabled or deleted since), under its shown name, so
 * that saving does not silently drop it.
 */
export function entrustTemplateOptions(
  templates: readonly EntrustTemplateOption[],
  editing: Pick<EntrustView, 'template_ids' | 'template_names'> | null,
): TemplateOptionGroup[] {
  const groups = new Map<string, TemplateOptionGroup>();
  for (const template of templates) {
    const group = groups.get(template.group_name) ?? { label: template.group_name, title: template.group_name, options: [] };
    group.options.push({ value: template.id, label: template.name });
    groups.set(template.group_name, group);
  }
  const offered = new Set(templates.map((t) => t.id));
  const held = (editing?.template_ids ?? []).flatMap((id, index) =>
    offered.has(id) ? [] : [{ value: id, label: editing?.template_names[index] ?? `模板#${id}` }],
  );
  const result = [...groups.values()];
  if (held.length > 0) result.push({ label: EntrustTexts.otherTemplates, title: EntrustTexts.otherTemplates, options: held });
  return result;
}

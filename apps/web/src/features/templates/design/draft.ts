import type { FlowGraph, FormSchema, TemplateDetail, TemplateInput, TemplateStarters } from '@osp/shared';

/** The designer's working copy: everything PUT /api/templates/{id} replaces. */
export interface TemplateDraft {
  group_id: number;
  name: string;
  description: string;
  icon: string;
  status: 0 | 1;
  form_schema: FormSchema;
  /** null: no flow designed yet (the flow designer proposes one). */
  flow: FlowGraph | null;
  starters: TemplateStarters;
}

export function draftOf(detail: TemplateDetail): TemplateDraft {
  return {
    group_id: detail.group_id,
    name: detail.name,
    description: detail.description,
    icon: detail.icon,
    status: detail.status === 1 ? 1 : 0,
    form_schema: detail.form_schema,
    flow: detail.flow,
    starters: detail.starters,
  };
}

/** 保存 (publish: false) keeps the working copy; 发布 also makes it the version new bills use. */
export function inputOf(draft: TemplateDraft, publish: boolean): TemplateInput {
  const { flow, ...rest } = draft;
  // Without a flow the server keeps the one it has (none for a new template).
  return { ...rest, ...(flow ? { flow } : {}), publish };
}

/** JSON with object keys sorted, so that two copies compare equal whatever order editing left their keys in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const source = inner as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort()
        .map((key) => [key, source[key]]),
    );
  });
}

/** Whether the working copy differs from what was last saved (the leave guard and the 未保存 tag). */
export function isSameDraft(a: TemplateDraft, b: TemplateDraft): boolean {
  return a === b || stableJson(a) === stableJson(b);
}

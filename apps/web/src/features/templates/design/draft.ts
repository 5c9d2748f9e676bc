import type { TemplateDraft } from '../../../api/templates';

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

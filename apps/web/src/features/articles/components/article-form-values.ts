import dayjs, { type Dayjs } from 'dayjs';
import type { ArticleAudience } from '@osp/shared';
import type { ArticleSaveBody, EditableArticle } from '../../../api/articles-admin';

/*
 * The editor form's values and the API's article, both ways. The form keeps the audience flat (a 全员 / 指定范围
 * switch beside the three lists) so that each list is a field of its own that a 422 can point at, and times as dayjs
 * for antd's pickers; the API takes ISO instants and 0/1 flags.
 */

export type AudienceScope = 'all' | 'some';

export interface ArticleFormValues {
  title: string;
  type_id: number | undefined;
  summary: string;
  cover: string | null;
  content: string;
  attachments: string[];
  audience_scope: AudienceScope;
  dept_ids: number[];
  role_ids: number[];
  user_ids: number[];
  publish_at: Dayjs | null;
  expire_at: Dayjs | null;
  is_pinned: boolean;
  forceView: boolean;
  force_deadline: Dayjs | null;
}

/** Where the server's field names (data.errors keys) differ from the form's. */
export const FORM_FIELD_OF = {
  audience: 'audience_scope',
  'audience.dept_ids': 'dept_ids',
  'audience.role_ids': 'role_ids',
  'audience.user_ids': 'user_ids',
} as const satisfies Record<string, keyof ArticleFormValues>;

export function emptyArticleValues(): ArticleFormValues {
  return {
    title: '',
    type_id: undefined,
    summary: '',
    cover: null,
    content: '',
    attachments: [],
    audience_scope: 'all',
    dept_ids: [],
    role_ids: [],
    user_ids: [],
    publish_at: null,
    expire_at: null,
    is_pinned: false,
    forceView: false,
    force_deadline: null,
  };
}

/** Nobody named in any list is everyone (docs/articles-api.md "Audience"). */
export function isEveryone(audience: ArticleAudience): boolean {
  return audience.dept_ids.length === 0 && audience.role_ids.length === 0 && audience.user_ids.length === 0;
}

const timeOf = (iso: string | null): Dayjs | null => (iso ? dayjs(iso) : null);
const isoOf = (time: Dayjs | null | undefined): string | null => (time ? time.toISOString() : null);

export function articleValuesOf(article: EditableArticle): ArticleFormValues {
  const { audience } = article;
  return {
    title: article.title,
    type_id: article.type_id ?? undefined,
    summary: article.summary,
    cover: article.cover,
    content: article.content,
    attachments: (article.attachments ?? []).map((file) => file.id),
    audience_scope: isEveryone(audience) ? 'all' : 'some',
    dept_ids: [...audience.dept_ids],
    role_ids: [...audience.role_ids],
    user_ids: [...audience.user_ids],
    publish_at: timeOf(article.publish_at),
    expire_at: timeOf(article.expire_at),
    is_pinned: article.is_pinned === 1,
    forceView: article.forceView === 1,
    force_deadline: timeOf(article.force_deadline),
  };
}

/**
 * What 保存 sends. 全员 sends empty lists whatever the hidden lists still hold (switching back to 指定范围 before saving
 * finds them again); a deadline is sent only with 强制阅读, as its field only shows then.
 */
export function articleBodyOf(values: ArticleFormValues): ArticleSaveBody {
  const isSome = values.audience_scope === 'some';
  return {
    title: values.title,
    // 0 is no type: the server answers 请选择文章类型 at the field.
    type_id: values.type_id ?? 0,
    summary: values.summary,
    cover: values.cover,
    content: values.content,
    attachments: values.attachments,
    publish_at: isoOf(values.publish_at),
    expire_at: isoOf(values.expire_at),
    is_pinned: values.is_pinned ? 1 : 0,
    forceView: values.forceView ? 1 : 0,
    force_deadline: values.forceView ? isoOf(values.force_deadline) : null,
    audience: {
      dept_ids: isSome ? values.dept_ids : [],
      role_ids: isSome ? values.role_ids : [],
      user_ids: isSome ? values.user_ids : [],
    },
  };
}

/** 指定范围 with nothing chosen would quietly mean everyone: the form asks for a choice instead. */
export function isAudienceMissing(values: Pick<ArticleFormValues, 'audience_scope' | 'dept_ids' | 'role_ids' | 'user_ids'>): boolean {
  return values.audience_scope === 'some' && values.dept_ids.length + values.role_ids.length + values.user_ids.length === 0;
}

import { z } from 'zod';
import { ATTACHMENT_ID_PATTERN } from '../bills/form';
import { escapeHtml } from '../common/html';
import { PageQueryZ } from '../common/paging';

/*
 * Articles and announcements (文章与公告, issue 15): written by holders of `article_admin` through /api/article, read
 * by their audience through /api/employ/article (docs/articles-api.md, docs/decisions.md "Articles").
 */

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SUMMARY_MAX = 500;
/** Sanitised HTML is capped too: a pasted page of several megabytes is a mistake, not an announcement. */
export const ARTICLE_CONTENT_MAX = 500_000;
/** Departments, roles and people an audience may name, each. */
export const ARTICLE_AUDIENCE_MAX = 1000;
/** Files attached below an article's text (附件), at most. */
export const ARTICLE_ATTACHMENTS_MAX = 20;

/** 0 草稿, 1 已发布, 2 已撤回 (articles.status). */
export const ArticleStatus = { draft: 0, published: 1, withdrawn: 2 } as const;
export type ArticleStatus = (typeof ArticleStatus)[keyof typeof ArticleStatus];

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = { 0: '草稿', 1: '已发布', 2: '已撤回' };

/** The actions that move an article between states: from which states each may be taken. */
export const ARTICLE_TRANSITIONS = {
  publish: [ArticleStatus.draft, ArticleStatus.withdrawn],
  withdraw: [ArticleStatus.published],
} as const satisfies Record<string, readonly ArticleStatus[]>;
export type ArticleAction = keyof typeof ARTICLE_TRANSITIONS;

export const ArticleAdminMessages = {
  notFound: '文章不存在或已被删除',
  titleRequired: '请填写标题',
  titleTooLong: `标题不能超过 ${ARTICLE_TITLE_MAX} 个字`,
  summaryTooLong: `摘要不能超过 ${ARTICLE_SUMMARY_MAX} 个字`,
  contentRequired: '请填写正文',
  contentTooLong: '正文过长，请精简后再保存',
  typeRequired: '请选择文章类型',
  typeMissing: '所选文章类型不存在或已被删除',
  coverInvalid: '封面图片无效，请重新上传',
  coverMissing: '封面图片不存在，请重新上传',
  /** A file named by the article that is nobody's upload, or someone else's not yet in this article. */
  coverUnknown: '封面图片不存在或不是您上传的，请重新上传',
  contentFileUnknown: '正文中有图片不存在或不是您上传的，请删除后重新插入',
  attachmentsUnknown: '附件中有文件不存在或不是您上传的，请重新上传',
  attachmentsInvalid: '附件无效，请重新上传',
  attachmentsTooMany: `附件最多 ${ARTICLE_ATTACHMENTS_MAX} 个`,
  timeInvalid: '请填写正确的时间',
  expireBeforePublish: '下线时间须晚于发布时间',
  /** 发布 of an article whose window has already ended: it would reach nobody. */
  expiredOnPublish: '下线时间已过，请修改下线时间后再发布',
  deadlineBeforePublish: '强制阅读截止时间须晚于发布时间',
  deadlineWithoutForce: '只有强制阅读的文章才能设置阅读截止时间',
  audienceTooMany: `每类阅读范围最多 ${ARTICLE_AUDIENCE_MAX} 项`,
  deptsMissing: (ids: readonly number[]) => `部门不存在：${ids.map(escapeHtml).join('、')}`,
  rolesMissing: (ids: readonly number[]) => `角色不存在：${ids.map(escapeHtml).join('、')}`,
  usersMissing: (labels: readonly (string | number)[]) => `人员不存在或已停用：${labels.map(escapeHtml).join('、')}`,
  /** A publish or withdraw asked of an article in a state it does not apply to (two administrators at once, a stale page). */
  cannotPublish: (title: string) => `文章「${escapeHtml(title)}」已发布，无需再次发布`,
  cannotWithdraw: (title: string) => `文章「${escapeHtml(title)}」未发布，无法撤回`,
  /** Delete is for drafts and for withdrawn articles nobody has read (docs/decisions.md "Articles"). */
  deletePublished: '已发布的文章不能删除，请先撤回',
  deleteRead: (count: number) => `已有 ${escapeHtml(count)} 人阅读过该文章，不能删除；撤回后读者将无法再看到它`,
  keywordTooLong: '搜索关键字不能超过 50 个字',
  statusInvalid: '状态须为 0（草稿）、1（已发布）或 2（已撤回）',
  saved: '已保存',
  published: '已发布',
  withdrawn: '已撤回',
  deleted: '已删除',
} as const;

/** Ids are 32-bit integers in both engines: a larger number is no article (and would be a PostgreSQL range error). */
export const ArticleIdZ = z.object({
  id: z.coerce
    .number({ error: ArticleAdminMessages.notFound })
    .int(ArticleAdminMessages.notFound)
    .positive(ArticleAdminMessages.notFound)
    .max(2_147_483_647, ArticleAdminMessages.notFound),
});

/** Optional ISO 8601 time: '' and null both mean none. Kept as the instant (toISOString) so text comparison orders it. */
const OptionalTimeZ = z
  .union([z.string(), z.null()], { error: ArticleAdminMessages.timeInvalid })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) {
      ctx.addIssue({ code: 'custom', message: ArticleAdminMessages.timeInvalid });
      return z.NEVER;
    }
    return time.toISOString();
  });

const AudienceIdsZ = z.array(z.number().int().positive()).max(ARTICLE_AUDIENCE_MAX, ArticleAdminMessages.audienceTooMany).default([]);

/** Who an article is for: nobody named in any list means everyone; departments include their sub-departments. */
export const ArticleAudienceZ = z.object({
  dept_ids: AudienceIdsZ,
  role_ids: AudienceIdsZ,
  user_ids: AudienceIdsZ,
});
export type ArticleAudience = z.infer<typeof ArticleAudienceZ>;

/** POST /api/article and PUT /api/article/{id}. Content is sanitised on the server after this check. */
export const ArticleInputZ = z
  .object({
    title: z
      .string({ error: ArticleAdminMessages.titleRequired })
      .trim()
      .min(1, ArticleAdminMessages.titleRequired)
      .max(ARTICLE_TITLE_MAX, ArticleAdminMessages.titleTooLong),
    type_id: z
      .number({ error: ArticleAdminMessages.typeRequired })
      .int(ArticleAdminMessages.typeRequired)
      .positive(ArticleAdminMessages.typeRequired),
    summary: z
      .string({ error: ArticleAdminMessages.summaryTooLong })
      .trim()
      .max(ARTICLE_SUMMARY_MAX, ArticleAdminMessages.summaryTooLong)
      .default(''),
    cover: z
      .union([z.string().regex(ATTACHMENT_ID_PATTERN, ArticleAdminMessages.coverInvalid), z.null(), z.literal('')], {
        error: ArticleAdminMessages.coverInvalid,
      })
      .optional()
      .transform((value) => (value ? value : null)),
    content: z
      .string({ error: ArticleAdminMessages.contentRequired })
      .min(1, ArticleAdminMessages.contentRequired)
      .max(ARTICLE_CONTENT_MAX, ArticleAdminMessages.contentTooLong),
    publish_at: OptionalTimeZ,
    expire_at: OptionalTimeZ,
    is_pinned: z
      .union([z.literal(0), z.literal(1), z.boolean()])
      .default(0)
      .transform(Number),
    forceView: z.union([z.literal(0), z.literal(1)]).default(0),
    force_deadline: OptionalTimeZ,
    audience: ArticleAudienceZ.default({ dept_ids: [], role_ids: [], user_ids: [] }),
    // Checked as a whole, so that one bad id is refused at the field the form shows, not at attachments.3.
    attachments: z
      .array(z.unknown(), { error: ArticleAdminMessages.attachmentsInvalid })
      .max(ARTICLE_ATTACHMENTS_MAX, ArticleAdminMessages.attachmentsTooMany)
      .refine((ids) => ids.every((id) => typeof id === 'string' && ATTACHMENT_ID_PATTERN.test(id)), ArticleAdminMessages.attachmentsInvalid)
      .transform((ids) => ids as string[])
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.publish_at && input.expire_at && input.expire_at <= input.publish_at) {
      ctx.addIssue({ code: 'custom', path: ['expire_at'], message: ArticleAdminMessages.expireBeforePublish });
    }
    if (input.force_deadline && input.forceView !== 1) {
      ctx.addIssue({ code: 'custom', path: ['force_deadline'], message: ArticleAdminMessages.deadlineWithoutForce });
    }
    if (input.force_deadline && input.publish_at && input.force_deadline <= input.publish_at) {
      ctx.addIssue({ code: 'custom', path: ['force_deadline'], message: ArticleAdminMessages.deadlineBeforePublish });
    }
  });
export type ArticleInput = z.infer<typeof ArticleInputZ>;

const KeywordZ = z.string().trim().max(50, ArticleAdminMessages.keywordTooLong).optional();
const TypeFilterZ = z.coerce.number().int().positive(ArticleAdminMessages.typeMissing).optional();

/** GET /api/article: every article, newest first, by type, state and title keyword. */
export const ArticleListQueryZ = PageQueryZ.extend({
  type_id: TypeFilterZ,
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === 0 || s === 1 || s === 2, ArticleAdminMessages.statusInvalid)
    .optional(),
  keyword: KeywordZ,
});

/** GET /api/employ/article: the articles meant for me, pinned first, then newest. */
export const EmployArticleQueryZ = PageQueryZ.extend({ type_id: TypeFilterZ, keyword: KeywordZ });

/** One row of the administrator's list. */
export interface ArticleAdminRow {
  id: number;
  title: string;
  type_id: number | null;
  type_name: string;
  summary: string;
  cover: string | null;
  status: ArticleStatus;
  status_label: string;
  publish_at: string | null;
  expire_at: string | null;
  is_pinned: number;
  forceView: number;
  force_deadline: string | null;
  author: string;
  created_at: string;
  updated_at: string | null;
  /** What the administrator may do next; the page shows its buttons from these. */
  abilities: { publish: boolean; withdraw: boolean; delete: boolean };
}

/**
 * GET /api/article/{id} for a holder of article_admin: the whole article in any state. It carries the reader's
 * fields as well (published_at, confirmed), so the preview page reads either answer.
 */
export interface ArticleAdminView extends ArticleAdminRow {
  content: string;
  audience: ArticleAudience;
  /** The 附件 below the text, in the order saved. */
  attachments: ArticleAttachment[];
  published_at: string | null;
  confirmed: boolean;
}

/** One row of GET /api/employ/article. */
export interface EmployArticleRow {
  id: number;
  title: string;
  type_id: number | null;
  type_name: string;
  summary: string;
  cover: string | null;
  published_at: string | null;
  is_pinned: number;
  forceView: number;
  /** Neither opened (GET /api/employ/article/{id}) nor confirmed by me. */
  unread: boolean;
}

/** A file attached to an article: its readers may download it (docs/files.md "Who may download"). */
export interface ArticleAttachment {
  id: string;
  name: string;
  size: number;
  mime: string;
}

/** GET /api/employ/article/{id}. */
export interface EmployArticle extends EmployArticleRow {
  content: string;
  attachments: ArticleAttachment[];
  author: string;
  expire_at: string | null;
  force_deadline: string | null;
  confirmed: boolean;
}

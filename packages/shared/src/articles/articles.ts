import type { ArticleAttachment } from './article-admin';
/** GET /api/article/force/view data (SPEC §9: forceView 1 with forceViewArticleId). */
export interface ForceView {
  forceView: number;
  forceViewArticleId: number | null;
}

export interface Article {
  id: number;
  /** The 附件 below the text, in the order saved. */
  attachments: ArticleAttachment[];
  title: string;
  /** Sanitised HTML; the web app sanitises it again before display (DESIGN §5a). */
  content: string;
  forceView: number;
  published_at: string | null;
  author: string;
  /** Whether the reader has confirmed reading it. */
  confirmed: boolean;
}

export const ArticleMessages = {
  confirm: '我已阅读并知晓',
  confirmed: '已确认阅读',
  /** A menu click or an address typed while a forced article is unread: why the page stays (issue 14). */
  readFirst: '请先阅读本公告并点击「我已阅读并知晓」，之后即可前往其他页面',
  notFound: '文章不存在或已下线',
} as const;

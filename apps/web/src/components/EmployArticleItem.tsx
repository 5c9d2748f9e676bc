import { Badge, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { EmployArticleTexts, type EmployArticleRow } from '@osp/shared';
import { ARTICLE_PREVIEW_PATH } from '../app/page-registry';
import { RelativeTime } from './RelativeTime';
import './employ-articles.css';

interface EmployArticleItemProps {
  article: EmployArticleRow;
  /** The list page shows the summary; the dashboard card has no room for it. */
  hasSummary?: boolean;
}

/** One announcement meant for me: a link to its page (it opens in a new tab too), 置顶 and 未读 marked. */
export function EmployArticleItem({ article, hasSummary = false }: EmployArticleItemProps) {
  return (
    <Link to={`${ARTICLE_PREVIEW_PATH}/${article.id}`} className={`employ-article${article.unread ? ' employ-article--unread' : ''}`}>
      <span className="employ-article__line">
        {article.unread && <Badge status="processing" aria-label={EmployArticleTexts.unread} />}
        {article.is_pinned === 1 && <Tag color="red">{EmployArticleTexts.pinned}</Tag>}
        <Typography.Text strong={article.unread} className="employ-article__title">
          {article.title}
        </Typography.Text>
        {article.unread && <Tag color="blue">{EmployArticleTexts.unread}</Tag>}
      </span>
      <span className="employ-article__meta">
        {article.type_name && <span>{article.type_name}</span>}
        <RelativeTime iso={article.published_at} />
      </span>
      {hasSummary && article.summary && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="employ-article__summary">
          {article.summary}
        </Typography.Paragraph>
      )}
    </Link>
  );
}

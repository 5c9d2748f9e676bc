import { useEffect } from 'react';
import { Button, Card, Divider, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ArticleMessages } from '@osp/shared';
import { useArticle } from '../../../api/article';
import { ApiError } from '../../../api/client';
import { useRecordArticleOpened } from '../../../api/employ-articles';
import { formatDateTime } from '../../../utils/datetime';
import { ArticleContent } from '../components/ArticleContent';
import { ConfirmReadButton } from '../components/ConfirmReadButton';

/** /dashboard/preview-artical/{id} (or ?id=): one article; a forced one must be confirmed. */
export default function ArticlePreviewPage() {
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params.id ?? searchParams.get('id') ?? '';
  const article = useArticle(id);
  const recordOpened = useRecordArticleOpened();
  const { mutate: recordOpening } = recordOpened;
  // Once the article is on screen, it counts as opened: the 公告 list and the dashboard card drop its 未读 mark.
  const isShown = article.data !== undefined;
  useEffect(() => {
    if (isShown && id !== '') recordOpening(id);
  }, [isShown, id, recordOpening]);

  if (id === '' || article.isError) {
    const reason = article.error instanceof ApiError ? article.error.message : ArticleMessages.notFound;
    return <Result status="404" title={reason} extra={<Button onClick={() => void navigate('/dashboard')}>返回首页</Button>} />;
  }
  if (!article.data) return <Skeleton active paragraph={{ rows: 10 }} className="article-preview" />;

  const { title, author, published_at: publishedAt, content, forceView, confirmed } = article.data;
  const mustConfirm = forceView === 1 && !confirmed;

  return (
    <Card variant="borderless" className="article-preview">
      <article>
        <Typography.Title level={3} className="article-preview__title">
          {title}
        </Typography.Title>
        <Space wrap className="article-preview__meta" separator={<Divider orientation="vertical" />}>
          {author && <span>发布人：{author}</span>}
          {publishedAt && <span>发布时间：{formatDateTime(publishedAt)}</span>}
          {forceView === 1 && <Tag color={confirmed ? 'success' : 'warning'}>{confirmed ? ArticleMessages.confirmed : '须阅读确认'}</Tag>}
        </Space>
        <Divider />
        <ArticleContent html={content} attachments={article.data.attachments} />
      </article>
      <div className="article-preview__actions">
        {mustConfirm ? <ConfirmReadButton articleId={id} /> : <Button onClick={() => void navigate('/dashboard')}>返回首页</Button>}
      </div>
    </Card>
  );
}

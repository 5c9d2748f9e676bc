import { Card, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { DASHBOARD_ARTICLE_COUNT, EmployArticleTexts, type EmployArticleRow } from '@osp/shared';
import { useEmployArticles } from '../../../api/employ-articles';
import { LoadFailed } from '../../../components/LoadFailed';
import { EmployArticleItem } from '../../../components/EmployArticleItem';

/** 公告 on the home page: the latest few meant for me, pinned first (the server's order), 更多 to the whole list. */
export function ArticlesCard() {
  const articles = useEmployArticles({ page: 1, per_page: DASHBOARD_ARTICLE_COUNT });

  return (
    <Card
      title={EmployArticleTexts.title}
      variant="borderless"
      className="dashboard-card dashboard-articles"
      extra={<Link to={EmployArticleTexts.listPath}>{EmployArticleTexts.more}</Link>}
    >
      {articles.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {articles.isError && !articles.data && <LoadFailed error={articles.error} onRetry={() => void articles.refetch()} />}
      {articles.data && (
        <List<EmployArticleRow>
          size="small"
          dataSource={articles.data.list}
          locale={{ emptyText: EmployArticleTexts.cardEmpty }}
          renderItem={(article) => (
            <List.Item>
              <EmployArticleItem article={article} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

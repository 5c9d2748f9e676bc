import { Badge, Card, List, Skeleton, Tabs } from 'antd';
import { Link } from 'react-router';
import { EmployArticleTexts, type EmployArticleRow } from '@osp/shared';
import { useDashboardArticles } from '../../../api/employ-articles';
import { LoadFailed } from '../../../components/LoadFailed';
import { EmployArticleItem } from '../../../components/EmployArticleItem';

function ArticleList({ articles }: { articles: readonly EmployArticleRow[] }) {
  return (
    <List<EmployArticleRow>
      size="small"
      dataSource={[...articles]}
      locale={{ emptyText: EmployArticleTexts.cardEmpty }}
      renderItem={(article) => (
        <List.Item>
          <EmployArticleItem article={article} />
        </List.Item>
      )}
    />
  );
}

/** A tab's name with its unread count, as a badge beside it. */
function tabLabel(name: string, unread: number) {
  return (
    <span className="dashboard-articles__tab">
      {name}
      {unread > 0 && <Badge count={unread} size="small" aria-label={`${EmployArticleTexts.unread} ${unread}`} />}
    </span>
  );
}

/**
 * 公告 on the home page (GET /api/dashboard/article): the latest few meant for me under 最新, then a tab per type with
 * its own latest few, unread counts on the tabs; 更多 to the whole list.
 */
export function ArticlesCard() {
  const articles = useDashboardArticles();
  const data = articles.data;

  return (
    <Card
      title={EmployArticleTexts.title}
      variant="borderless"
      className="dashboard-card dashboard-articles"
      extra={<Link to={EmployArticleTexts.listPath}>{EmployArticleTexts.more}</Link>}
    >
      {articles.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {articles.isError && !data && <LoadFailed error={articles.error} onRetry={() => void articles.refetch()} />}
      {data && data.types.length === 0 && <ArticleList articles={[]} />}
      {data && data.types.length > 0 && (
        <Tabs
          size="small"
          items={[
            { key: 'latest', label: tabLabel(EmployArticleTexts.latest, data.unread), children: <ArticleList articles={data.latest} /> },
            ...data.types.map((type) => ({
              key: String(type.type_id ?? 'untyped'),
              label: tabLabel(type.type_name, type.unread),
              children: <ArticleList articles={type.list} />,
            })),
          ]}
        />
      )}
    </Card>
  );
}

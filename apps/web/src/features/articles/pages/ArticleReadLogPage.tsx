import { Card, Divider, Empty, Flex, Input, Result, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArticleReadLogTexts, READ_STATE_LABELS, type ArticleReadLog, type ArticleStatus, type ReadState } from '@osp/shared';
import { ApiError } from '../../../api/client';
import { exportArticleReadLog, useArticleReadLog, type ArticleReadLogFilter } from '../../../api/article-read-log';
import { ExportButton } from '../../../components/ExportButton';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoading } from '../../../components/PageLoading';
import { formatDateTime } from '../../../utils/datetime';
import { ReadLogDepts } from '../components/read-log/ReadLogDepts';
import { ReadLogStats } from '../components/read-log/ReadLogStats';
import { RemindButton } from '../components/read-log/RemindButton';
import '../components/read-log/read-log.css';

type StateChoice = ReadState | 'all';

const STATUS_COLORS: Record<ArticleStatus, string> = { 0: 'default', 1: 'success', 2: 'warning' };

function stateOptions(isForced: boolean): { value: StateChoice; label: string }[] {
  const states: ReadState[] = isForced ? ['unread', 'opened', 'confirmed'] : ['unread', 'opened'];
  return [{ value: 'all', label: ArticleReadLogTexts.all }, ...states.map((state) => ({ value: state, label: READ_STATE_LABELS[state] }))];
}

function ReadLogHeader({ log }: { log: ArticleReadLog }) {
  const { article } = log;
  return (
    <div className="read-log-header">
      <Typography.Title level={4} className="read-log-header__title">
        {article.title}
      </Typography.Title>
      <Space wrap separator={<Divider orientation="vertical" />} className="read-log-header__meta">
        <Tag color={STATUS_COLORS[article.status]}>{article.status_label}</Tag>
        {article.forceView === 1 && <Tag color="orange">{ArticleReadLogTexts.forced}</Tag>}
        <span>
          {ArticleReadLogTexts.publishedAt}：
          {article.published_at ? formatDateTime(article.published_at) : ArticleReadLogTexts.notPublished}
        </span>
      </Space>
    </div>
  );
}

/**
 * 阅读记录 (/article/read-log/{id}, article_admin): who of an article's audience opened it and confirmed it when, and
 * who has not, by department; 导出 the same as an xlsx; 提醒未读 when the server allows it.
 */
export default function ArticleReadLogPage() {
  const id = useParams().id ?? '';
  const [state, setState] = useState<StateChoice>('all');
  const [keyword, setKeyword] = useState('');
  const filter: ArticleReadLogFilter = { ...(state === 'all' ? {} : { state }), ...(keyword === '' ? {} : { keyword }) };
  const log = useArticleReadLog(id, filter);

  if (!log.data) {
    // An article that does not exist (or an id that is not one): nothing to retry, only a way back to the list.
    if (log.error instanceof ApiError && (log.error.statusCode === 404 || log.error.statusCode === 422)) {
      return (
        <Result
          status="404"
          title={log.error.message}
          extra={<Link to={ArticleReadLogTexts.listPath}>{ArticleReadLogTexts.backToList}</Link>}
        />
      );
    }
    if (log.error) return <LoadFailed error={log.error} onRetry={() => void log.refetch()} />;
    return <PageLoading />;
  }
  const data = log.data;
  const isForced = data.article.forceView === 1;
  const isFiltered = state !== 'all' || keyword !== '';
  // A filter leaves departments without anyone in them; they are not worth a heading then.
  const depts = isFiltered ? data.depts.filter((dept) => dept.people.length > 0) : data.depts;

  return (
    <Card variant="borderless" title={ArticleReadLogTexts.title} className="read-log-page">
      {log.error && <LoadFailed isBanner error={log.error} onRetry={() => void log.refetch()} />}
      <ReadLogHeader log={data} />
      <ReadLogStats log={data} />
      <Flex wrap gap={12} justify="space-between" className="read-log-toolbar">
        <Flex wrap gap={12} className="read-log-filters">
          <Segmented<StateChoice>
            aria-label={ArticleReadLogTexts.stateFilter}
            options={stateOptions(isForced)}
            value={state}
            onChange={setState}
          />
          <Input.Search
            allowClear
            aria-label={ArticleReadLogTexts.search}
            placeholder={ArticleReadLogTexts.search}
            className="read-log-search"
            onSearch={(next) => setKeyword(next.trim())}
          />
        </Flex>
        <Flex wrap gap={8}>
          <ExportButton
            label={ArticleReadLogTexts.export}
            hint={depts.length === 0 ? ArticleReadLogTexts.exportEmpty : ArticleReadLogTexts.exportHint}
            isDisabled={depts.length === 0}
            onExport={() => exportArticleReadLog(id, filter)}
          />
          {(isForced || data.abilities.remind) && <RemindButton articleId={id} log={data} />}
        </Flex>
      </Flex>
      {depts.length === 0 ? (
        <Empty description={isFiltered ? ArticleReadLogTexts.emptyFiltered : ArticleReadLogTexts.empty} />
      ) : (
        <ReadLogDepts depts={depts} isForced={isForced} />
      )}
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Table, Tag, type Breakpoint, type TableColumnsType } from 'antd';
import { ARTICLE_STATUS_LABELS, ArticleAdminTexts, dateTimeText, type ArticleAdminRow, type ArticleStatus } from '@osp/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useArticleTypes } from '../../../api/article-types';
import { useAdminArticles } from '../../../api/articles-admin';
import { AdminPage } from '../../../components/AdminPage';
import { listState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { ArticleRowActions } from '../components/ArticleRowActions';
import '../article-admin.css';

const STATUS_COLORS: Record<ArticleStatus, string> = { 0: 'default', 1: 'green', 2: 'orange' };
const STATUS_OPTIONS = Object.entries(ARTICLE_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }));

// On a phone the row keeps what is needed to act: title, state, window and the actions (the rest is in the editor).
const WIDE: Breakpoint[] = ['md'];

const COLUMNS: TableColumnsType<ArticleAdminRow> = [
  {
    title: ArticleAdminTexts.columnTitle,
    key: 'title',
    render: (_value, article) => (
      <Flex vertical gap={2}>
        <Link to={`${ArticleAdminTexts.editPath}/${article.id}`} className="article-manage__title">
          {article.title}
        </Link>
        {(article.is_pinned === 1 || article.forceView === 1) && (
          <Flex gap={4} wrap>
            {article.is_pinned === 1 && <Tag color="red">{ArticleAdminTexts.pinned}</Tag>}
            {article.forceView === 1 && <Tag color="purple">{ArticleAdminTexts.forced}</Tag>}
          </Flex>
        )}
      </Flex>
    ),
  },
  {
    title: ArticleAdminTexts.columnType,
    key: 'type',
    responsive: WIDE,
    render: (_value, article) => article.type_name || ArticleAdminTexts.untyped,
  },
  {
    title: ArticleAdminTexts.columnStatus,
    key: 'status',
    render: (_value, article) => <Tag color={STATUS_COLORS[article.status]}>{article.status_label}</Tag>,
  },
  {
    title: ArticleAdminTexts.columnWindow,
    key: 'window',
    render: (_value, article) => (
      <Flex vertical className="article-manage__window">
        <span>{dateTimeText(article.publish_at) || ArticleAdminTexts.noStart}</span>
        <span>{dateTimeText(article.expire_at) || ArticleAdminTexts.noEnd}</span>
      </Flex>
    ),
  },
  { title: ArticleAdminTexts.columnAuthor, dataIndex: 'author', key: 'author', responsive: WIDE },
  {
    title: ArticleAdminTexts.columnUpdated,
    key: 'updated',
    responsive: WIDE,
    render: (_value, article) => dateTimeText(article.updated_at ?? article.created_at),
  },
  { title: ArticleAdminTexts.columnActions, key: 'actions', render: (_value, article) => <ArticleRowActions article={article} /> },
];

/** /article/manage (permission article_admin): 文章管理 — every article in every state, newest first, and what to do with each. */
export default function ArticleManagePage() {
  const navigate = useNavigate();
  const [typeId, setTypeId] = useState<number>();
  const [status, setStatus] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const types = useArticleTypes();
  const typeOptions = useMemo(() => (types.data ?? []).map((type) => ({ value: type.id, label: type.name })), [types.data]);
  const articles = useAdminArticles({
    ...paging,
    ...(typeId === undefined ? {} : { type_id: typeId }),
    ...(status === undefined ? {} : { status }),
    ...(keyword === '' ? {} : { keyword }),
  });
  const isFiltered = typeId !== undefined || status !== undefined || keyword !== '';
  const listed = listState({
    isLoading: articles.isFetching && !articles.data,
    error: articles.error,
    hasRows: articles.data !== undefined,
    onRetry: () => void articles.refetch(),
    empty: isFiltered ? ArticleAdminTexts.emptyFiltered : ArticleAdminTexts.empty,
  });
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));

  return (
    <AdminPage
      title={ArticleAdminTexts.title}
      description={ArticleAdminTexts.description}
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${ArticleAdminTexts.editPath}/new`)}>
            {ArticleAdminTexts.newArticle}
          </Button>
          <OperationLogButton itemType="article" />
        </>
      }
    >
      <Card size="small">
        <Flex wrap gap={12} className="article-manage__filters">
          <Select<number>
            allowClear
            aria-label={ArticleAdminTexts.typeFilter}
            placeholder={ArticleAdminTexts.allTypes}
            loading={types.isFetching}
            options={typeOptions}
            value={typeId}
            onChange={(next) => {
              setTypeId(next);
              firstPage();
            }}
          />
          <Select<number>
            allowClear
            aria-label={ArticleAdminTexts.statusFilter}
            placeholder={ArticleAdminTexts.allStatuses}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => {
              setStatus(next);
              firstPage();
            }}
          />
          <Input.Search
            allowClear
            aria-label={ArticleAdminTexts.search}
            placeholder={ArticleAdminTexts.search}
            maxLength={50}
            onSearch={(next) => {
              setKeyword(next.trim());
              firstPage();
            }}
          />
        </Flex>
        {listed.above}
        <Table<ArticleAdminRow>
          rowKey="id"
          size="middle"
          aria-label={ArticleAdminTexts.list}
          columns={COLUMNS}
          dataSource={articles.data?.list ?? []}
          loading={articles.isFetching && articles.data !== undefined}
          locale={{ emptyText: listed.emptyText }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.page,
            pageSize: paging.per_page,
            total: articles.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: false,
            onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
          }}
        />
      </Card>
    </AdminPage>
  );
}

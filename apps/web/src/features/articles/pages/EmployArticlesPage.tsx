import { Card, Flex, Input, List, Select } from 'antd';
import { useState } from 'react';
import { EmployArticleTexts, type EmployArticleRow } from '@osp/shared';
import { useEmployArticles, useEmployArticleTypes } from '../../../api/employ-articles';
import { listState } from '../../../components/LoadFailed';
import { EmployArticleItem } from '../../../components/EmployArticleItem';

/**
 * 公告 (/article/list): the announcements meant for me, pinned first, then newest (the server's order), by type and
 * title; opening one goes to its page (/dashboard/preview-artical/{id}), which records that I read it.
 */
export default function EmployArticlesPage() {
  const [typeId, setTypeId] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 20 });
  const types = useEmployArticleTypes();
  const articles = useEmployArticles({
    ...paging,
    ...(typeId === undefined ? {} : { type_id: typeId }),
    ...(keyword === '' ? {} : { keyword }),
  });
  const isFiltered = typeId !== undefined || keyword !== '';
  const isLoading = articles.isFetching && !articles.data;
  const listed = listState({
    isLoading,
    error: articles.error,
    hasRows: articles.data !== undefined,
    onRetry: () => void articles.refetch(),
    empty: isFiltered ? EmployArticleTexts.emptyFiltered : EmployArticleTexts.empty,
  });
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));

  return (
    <Card variant="borderless" title={EmployArticleTexts.title} className="employ-articles-page">
      <Flex wrap gap={12} className="employ-article-filters">
        <Select<number>
          allowClear
          aria-label={EmployArticleTexts.typeFilter}
          placeholder={EmployArticleTexts.allTypes}
          loading={types.isFetching}
          options={types.data ?? []}
          value={typeId}
          onChange={(next) => {
            setTypeId(next);
            firstPage();
          }}
        />
        <Input.Search
          allowClear
          aria-label={EmployArticleTexts.search}
          placeholder={EmployArticleTexts.search}
          onSearch={(next) => {
            setKeyword(next.trim());
            firstPage();
          }}
        />
      </Flex>
      {listed.above}
      <List<EmployArticleRow>
        loading={isLoading}
        dataSource={articles.data?.list ?? []}
        locale={{ emptyText: listed.emptyText }}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: articles.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
        }}
        renderItem={(article) => (
          <List.Item>
            <EmployArticleItem article={article} hasSummary />
          </List.Item>
        )}
      />
    </Card>
  );
}

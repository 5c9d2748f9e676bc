import { Button, Flex, Popconfirm } from 'antd';
import { ArticleAdminTexts, type ArticleAdminRow } from '@osp/shared';
import { Link } from 'react-router';
import { useDeleteArticle, usePublishArticle, useWithdrawArticle } from '../../../api/articles-admin';
import { toast } from '../../../components/toast';

/**
 * A row's 编辑 · 发布 · 撤回 · 删除 · 阅读记录, shown from the row's abilities (the server decides); 撤回 and 删除 ask
 * first. A refusal (someone else changed the article meanwhile) is the API client's toast, and the list is read again.
 */
export function ArticleRowActions({ article }: { article: ArticleAdminRow }) {
  const publish = usePublishArticle();
  const withdraw = useWithdrawArticle();
  const remove = useDeleteArticle();
  const run = (action: Promise<{ message: string }>) => {
    // A refusal was toasted by the API client.
    action.then((answer) => toast.success(answer.message)).catch(() => undefined);
  };

  return (
    <Flex gap={4} wrap className="article-manage__actions">
      <Link to={`${ArticleAdminTexts.editPath}/${article.id}`} aria-label={`${ArticleAdminTexts.edit} ${article.title}`}>
        {ArticleAdminTexts.edit}
      </Link>
      {article.abilities.publish && (
        <Popconfirm
          title={ArticleAdminTexts.confirmPublish(article.title)}
          okText={ArticleAdminTexts.publish}
          onConfirm={() => run(publish.mutateAsync(article.id))}
        >
          <Button type="link" size="small" loading={publish.isPending}>
            {ArticleAdminTexts.publish}
          </Button>
        </Popconfirm>
      )}
      {article.abilities.withdraw && (
        <Popconfirm
          title={ArticleAdminTexts.confirmWithdraw(article.title)}
          okText={ArticleAdminTexts.withdraw}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(withdraw.mutateAsync(article.id))}
        >
          <Button type="link" size="small" loading={withdraw.isPending}>
            {ArticleAdminTexts.withdraw}
          </Button>
        </Popconfirm>
      )}
      {article.abilities.delete && (
        <Popconfirm
          title={ArticleAdminTexts.confirmRemove(article.title)}
          okText={ArticleAdminTexts.remove}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(remove.mutateAsync(article.id))}
        >
          <Button type="link" size="small" danger loading={remove.isPending}>
            {ArticleAdminTexts.remove}
          </Button>
        </Popconfirm>
      )}
      <Link to={`${ArticleAdminTexts.readLogPath}/${article.id}`}>{ArticleAdminTexts.readLog}</Link>
    </Flex>
  );
}

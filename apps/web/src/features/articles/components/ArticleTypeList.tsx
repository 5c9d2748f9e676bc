import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { ArticleTypeMessages, ArticleTypeTexts, type ArticleType } from '@osp/shared';
import { messageText } from '../../../components/HtmlMessage';
import { SortableList } from '../../../components/SortableList';
import { shift } from '../../../components/sortable-order';
import { toast } from '../../../components/toast';
import { useDeleteArticleType, useSortArticleTypes } from '../../../api/article-types';

interface ArticleTypeListProps {
  types: readonly ArticleType[];
  onRename: (type: ArticleType) => void;
}

/**
 * The types as rows of a table: drag handle, name, article count, and 上移 / 下移 / 重命名 / 删除. 删除 is disabled with
 * the server's reason while articles use the type; asked anyway (the list was stale), the server refuses with it.
 */
export function ArticleTypeList({ types, onRename }: ArticleTypeListProps) {
  const sort = useSortArticleTypes();
  const remove = useDeleteArticleType();
  const ids = types.map((type) => type.id);

  const handleReorder = (next: number[]) => sort.mutate(next, { onSuccess: () => toast.success(ArticleTypeMessages.sorted) });
  const handleMove = (type: ArticleType, delta: -1 | 1) => {
    const next = shift(ids, type.id, delta);
    if (next) handleReorder(next);
  };
  const handleDelete = (type: ArticleType) => remove.mutate(type.id, { onSuccess: () => toast.success(ArticleTypeMessages.deleted) });

  return (
    <div className="article-types">
      {/* The columns' titles for the eye; a screen reader hears each row's controls by their own names. */}
      <div className="article-types__row article-types__row--head" aria-hidden="true">
        <span className="article-types__handle-cell" />
        <span className="article-types__name">{ArticleTypeTexts.name}</span>
        <span className="article-types__count">{ArticleTypeTexts.articleCountTitle}</span>
        <span className="article-types__actions">{ArticleTypeTexts.actionsTitle}</span>
      </div>
      <SortableList
        items={types}
        label={ArticleTypeTexts.list}
        nameOf={(type) => type.name}
        onReorder={handleReorder}
        renderItem={(type, handle, index) => (
          <div className="article-types__row">
            <span className="article-types__handle-cell">{handle}</span>
            <span className="article-types__name">{type.name}</span>
            <span className="article-types__count" title={ArticleTypeTexts.articleCount(type.article_count)}>
              {type.article_count}
            </span>
            <span className="article-types__actions">
              <Tooltip title={ArticleTypeTexts.moveUp}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${ArticleTypeTexts.moveUp}：${type.name}`}
                  disabled={index === 0}
                  onClick={() => handleMove(type, -1)}
                />
              </Tooltip>
              <Tooltip title={ArticleTypeTexts.moveDown}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${ArticleTypeTexts.moveDown}：${type.name}`}
                  disabled={index === types.length - 1}
                  onClick={() => handleMove(type, 1)}
                />
              </Tooltip>
              <Tooltip title={ArticleTypeTexts.rename}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${ArticleTypeTexts.rename}：${type.name}`}
                  onClick={() => onRename(type)}
                />
              </Tooltip>
              <Tooltip title={messageText(type.delete_blocked_reason) || ArticleTypeTexts.remove}>
                {/* A disabled button hears no hover: the span does, so the reason still shows (as on 审批岗位). */}
                <span className="article-types__action">
                  <Popconfirm
                    title={ArticleTypeTexts.confirmDelete(type.name)}
                    okText={ArticleTypeTexts.remove}
                    okButtonProps={{ danger: true }}
                    disabled={!type.abilities.delete}
                    onConfirm={() => handleDelete(type)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${ArticleTypeTexts.remove}：${type.name}`}
                      disabled={!type.abilities.delete}
                    />
                  </Popconfirm>
                </span>
              </Tooltip>
            </span>
          </div>
        )}
      />
    </div>
  );
}

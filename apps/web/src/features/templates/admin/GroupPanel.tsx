import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Skeleton, type MenuProps } from 'antd';
import { ApprovalMessages, TemplateAdminTexts, type TemplateGroup } from '@osp/shared';
import type { ReactNode } from 'react';
import { shift } from './order';
import { SortableList } from '../../../components/SortableList';

interface GroupPanelProps {
  groups: readonly TemplateGroup[];
  isLoading: boolean;
  /** In place of no groups: 加载失败 with 重试 when they could not be read (queryListState), else the empty list. */
  empty: ReactNode;
  /** A failure over the groups still shown from before. */
  failedAbove: ReactNode;
  /** Templates per group as this administrator sees them (both kinds). */
  counts: ReadonlyMap<number, number>;
  /** null: every template. */
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  onReorder: (ids: number[]) => void;
  onNew: () => void;
  onRename: (group: TemplateGroup) => void;
  onDelete: (group: TemplateGroup) => void;
}

/** The template groups: choose one, drag (or 上移/下移) to reorder, create, rename, delete. */
export function GroupPanel({
  groups,
  isLoading,
  empty,
  failedAbove,
  counts,
  selectedId,
  onSelect,
  onReorder,
  onNew,
  onRename,
  onDelete,
}: GroupPanelProps) {
  const ids = groups.map((group) => group.id);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);

  const menuOf = (group: TemplateGroup, index: number): MenuProps => {
    const count = counts.get(group.id) ?? 0;
    return {
      items: [
        { key: 'up', icon: <ArrowUpOutlined />, label: TemplateAdminTexts.moveUp, disabled: index === 0 },
        { key: 'down', icon: <ArrowDownOutlined />, label: TemplateAdminTexts.moveDown, disabled: index === groups.length - 1 },
        { key: 'rename', icon: <EditOutlined />, label: TemplateAdminTexts.renameGroup },
        {
          key: 'delete',
          icon: <DeleteOutlined />,
          danger: true,
          // Known templates block it here; IPTV ones this user cannot see are refused by the server.
          disabled: count > 0,
          label:
            count > 0 ? <span title={ApprovalMessages.groupNotEmpty(count)}>{TemplateAdminTexts.remove}</span> : TemplateAdminTexts.remove,
        },
      ],
      onClick: ({ key }) => {
        if (key === 'up' || key === 'down') {
          const next = shift(ids, group.id, key === 'up' ? -1 : 1);
          if (next) onReorder(next);
        } else if (key === 'rename') onRename(group);
        else if (key === 'delete') onDelete(group);
      },
    };
  };

  return (
    <div className="group-panel">
      <div className="group-panel__header">
        <span className="group-panel__title">{TemplateAdminTexts.groups}</span>
        <Button size="small" icon={<PlusOutlined />} onClick={onNew}>
          {TemplateAdminTexts.newGroup}
        </Button>
      </div>
      {failedAbove}
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <button
            type="button"
            className={selectedId === null ? 'group-row__select group-row--all group-row--selected' : 'group-row__select group-row--all'}
            aria-pressed={selectedId === null}
            onClick={() => onSelect(null)}
          >
            <span className="group-row__name">{TemplateAdminTexts.allGroups}</span>
            <span className="group-row__count">{total}</span>
          </button>
          {groups.length === 0 ? (
            empty
          ) : (
            <SortableList
              items={groups}
              label={TemplateAdminTexts.groups}
              nameOf={(group) => group.name}
              onReorder={onReorder}
              renderItem={(group, handle, index) => (
                <div className={group.id === selectedId ? 'group-row group-row--selected' : 'group-row'}>
                  {handle}
                  <button
                    type="button"
                    className="group-row__select"
                    aria-pressed={group.id === selectedId}
                    onClick={() => onSelect(group.id)}
                  >
                    <span className="group-row__name">{group.name}</span>
                    <span className="group-row__count">{counts.get(group.id) ?? 0}</span>
                  </button>
                  <Dropdown menu={menuOf(group, index)} trigger={['click']}>
                    <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={`${TemplateAdminTexts.more}：${group.name}`} />
                  </Dropdown>
                </div>
              )}
            />
          )}
        </>
      )}
    </div>
  );
}

import { Empty, Tag, Tree, type TreeDataNode, type TreeProps } from 'antd';
import type { AdminDept } from '@osp/shared';
import { useMemo } from 'react';
import { useMoveDept } from '../../../api/admin-org';
import { dropTarget } from './tree-drop';

interface DeptTreeProps {
  tree: AdminDept[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

function toNodes(depts: AdminDept[]): TreeDataNode[] {
  return depts.map((dept) => ({
    key: dept.id,
    title: (
      <span className="admin-tree__title">
        <span>{dept.name}</span>
        {dept.user_count > 0 && <Tag>{dept.user_count} 人</Tag>}
        {dept.leader_name && <span className="admin-tree__path">负责人：{dept.leader_name}</span>}
      </span>
    ),
    children: toNodes(dept.children),
  }));
}

/** The organisation as a tree; dragging a department moves it (the server refuses a loop). */
export function DeptTree({ tree, selectedId, onSelect }: DeptTreeProps) {
  const move = useMoveDept();
  const treeData = useMemo(() => toNodes(tree), [tree]);

  const handleDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const lastIndex = Number(info.node.pos.split('-').at(-1));
    const target = dropTarget(tree, dragId, dropId, !info.dropToGap, info.dropPosition - lastIndex);
    if (target) move.mutate({ id: dragId, ...target });
  };

  if (tree.length === 0) return <Empty description="还没有部门" />;
  return (
    <Tree
      className="admin-tree"
      treeData={treeData}
      draggable={{ icon: false }}
      blockNode
      showLine
      defaultExpandAll
      selectedKeys={selectedId === null ? [] : [selectedId]}
      onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : null)}
      onDrop={handleDrop}
      disabled={move.isPending}
    />
  );
}

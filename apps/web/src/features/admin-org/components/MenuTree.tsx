import { FolderOutlined } from '@ant-design/icons';
import { Empty, Tag, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { MenuType, PERMISSIONS, type AdminMenu } from '@osp/shared';
import { useMemo } from 'react';
import { useMoveMenu } from '../../../api/admin-org';
import { MenuIcon } from '../../../components/MenuIcon';
import { dropTarget, findNode } from './tree-drop';

interface MenuTreeProps {
  tree: AdminMenu[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

function permissionName(key: string | null): string {
  return key ? ((PERMISSIONS as Record<string, { name: string } | undefined>)[key]?.name ?? key) : '';
}

function toNodes(menus: AdminMenu[]): TreeDataNode[] {
  return menus.map((menu) => ({
    key: menu.id,
    icon: menu.icon ? <MenuIcon name={menu.icon} /> : menu.type === MenuType.folder ? <FolderOutlined /> : undefined,
    isLeaf: menu.type !== MenuType.folder,
    title: (
      <span className="admin-tree__title">
        <span>{menu.name}</span>
        <span className="admin-tree__path">{menu.path}</span>
        {menu.hidden === 1 && <Tag>隐藏</Tag>}
        {menu.builtin === 1 && <Tag color="orange">不生成路由</Tag>}
        {menu.permission && <Tag color="blue">{permissionName(menu.permission)}</Tag>}
      </span>
    ),
    children: toNodes(menu.children),
  }));
}

/** Every menu row as a tree; dragging moves or reorders, and only folders accept children. */
export function MenuTree({ tree, selectedId, onSelect }: MenuTreeProps) {
  const move = useMoveMenu();
  const treeData = useMemo(() => toNodes(tree), [tree]);

  const allowDrop: TreeProps['allowDrop'] = ({ dropNode, dropPosition }) =>
    dropPosition !== 0 || findNode(tree, Number(dropNode.key))?.type === MenuType.folder;

  const handleDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const lastIndex = Number(info.node.pos.split('-').at(-1));
    const target = dropTarget(tree, dragId, dropId, !info.dropToGap, info.dropPosition - lastIndex);
    if (target) move.mutate({ id: dragId, ...target });
  };

  if (tree.length === 0) return <Empty description="还没有菜单" />;
  return (
    <Tree
      className="admin-tree"
      treeData={treeData}
      draggable={{ icon: false }}
      allowDrop={allowDrop}
      blockNode
      showIcon
      defaultExpandAll
      selectedKeys={selectedId === null ? [] : [selectedId]}
      onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : null)}
      onDrop={handleDrop}
      disabled={move.isPending}
    />
  );
}

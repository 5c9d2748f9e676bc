import { FolderAddOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row } from 'antd';
import { MenuType } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useAdminMenus } from '../../../api/admin-org';
import { Unread } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { AdminPage } from '../../../components/AdminPage';
import { useRevealOnPhone } from '../../../components/useRevealOnPhone';
import { MenuForm, type MenuEditing } from '../components/MenuForm';
import { MenuTree } from '../components/MenuTree';
import { findNode } from '../components/tree-drop';
import '../admin-org.css';

type Selection = { kind: 'edit'; id: number } | { kind: 'create'; parentId: number | null; type: number } | null;

const TITLE = '菜单管理';

/** /system/menus: every menu row as a tree (drag to move) beside the form of the selected one. */
export default function MenusPage() {
  const menus = useAdminMenus();
  const tree = menus.data;
  const [selection, setSelection] = useState<Selection>(null);
  const editorRef = useRevealOnPhone<HTMLDivElement>(selection);

  const editing = useMemo<MenuEditing | null>(() => {
    if (!selection || !tree) return null;
    if (selection.kind === 'create') return selection;
    const menu = findNode(tree, selection.id);
    return menu ? { kind: 'edit', menu } : null;
  }, [selection, tree]);

  if (!tree)
    return (
      <AdminPage title={TITLE}>
        <Unread query={menus} />
      </AdminPage>
    );

  return (
    <AdminPage
      title={TITLE}
      description="拖动可调整菜单的位置和顺序；修改在用户下一次切换页面时生效。"
      actions={
        <>
          <Button
            type="primary"
            icon={<FolderAddOutlined />}
            onClick={() => setSelection({ kind: 'create', parentId: null, type: MenuType.folder })}
          >
            新建顶级目录
          </Button>
          <OperationLogButton itemType="menu" />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="菜单结构" size="small">
            <MenuTree
              tree={tree}
              selectedId={selection?.kind === 'edit' ? selection.id : null}
              onSelect={(id) => setSelection(id === null ? null : { kind: 'edit', id })}
            />
          </Card>
        </Col>
        <Col ref={editorRef} xs={24} lg={14}>
          {editing ? (
            <MenuForm
              editing={editing}
              tree={tree}
              onSaved={(id) => setSelection({ kind: 'edit', id })}
              onDeleted={() => setSelection(null)}
              onAddChild={(parentId) => setSelection({ kind: 'create', parentId, type: MenuType.page })}
            />
          ) : (
            <Card>
              <Empty description="在左侧选择一个菜单进行编辑" />
            </Card>
          )}
        </Col>
      </Row>
    </AdminPage>
  );
}

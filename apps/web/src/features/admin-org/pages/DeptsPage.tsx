import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { useAdminDepts } from '../../../api/admin-org';
import { Unread } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { AdminPage } from '../../../components/AdminPage';
import { useRevealOnPhone } from '../../../components/useRevealOnPhone';
import { DeptCreateDialog } from '../components/DeptCreateDialog';
import { DeptPanel } from '../components/DeptPanel';
import { DeptTree } from '../components/DeptTree';
import { findNode } from '../components/tree-drop';
import '../admin-org.css';

const TITLE = '部门管理';

/** /system/depts: the organisation tree (drag to move) beside the selected department's editor. */
export default function DeptsPage() {
  const depts = useAdminDepts();
  const tree = depts.data;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** The parent a new department goes under while the dialog is open. */
  const [creatingUnder, setCreatingUnder] = useState<number | null | undefined>(undefined);
  const editorRef = useRevealOnPhone<HTMLDivElement>(selectedId);

  if (!tree)
    return (
      <AdminPage title={TITLE}>
        <Unread query={depts} />
      </AdminPage>
    );
  const selected = findNode(tree, selectedId);
  const parentName = selected?.parent_id ? (findNode(tree, selected.parent_id)?.name ?? '') : '';

  return (
    <AdminPage
      title={TITLE}
      description="拖动部门可调整上下级和顺序；只有没有下级部门和人员的部门才能删除。"
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreatingUnder(selected?.id ?? tree[0]?.id ?? null)}>
            新建部门
          </Button>
          <OperationLogButton itemType="dept" />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="组织架构" size="small">
            <DeptTree tree={tree} selectedId={selectedId} onSelect={setSelectedId} />
          </Card>
        </Col>
        <Col ref={editorRef} xs={24} lg={14}>
          {selected ? (
            <DeptPanel
              dept={selected}
              parentName={parentName}
              onAddChild={() => setCreatingUnder(selected.id)}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <Card>
              <Empty description="在左侧选择一个部门，可修改名称、设置负责人或删除" />
            </Card>
          )}
        </Col>
      </Row>
      <DeptCreateDialog
        parentId={creatingUnder}
        onClose={() => setCreatingUnder(undefined)}
        onCreated={(id) => {
          setCreatingUnder(undefined);
          setSelectedId(id);
        }}
      />
    </AdminPage>
  );
}

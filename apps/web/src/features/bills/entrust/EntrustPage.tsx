import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { EntrustTexts, type EntrustView, type TaskMoveReport } from '@osp/shared';
import { useState } from 'react';
import type { EntrustRole } from '../../../api/entrust';
import { AdminPage } from '../../../components/AdminPage';
import { EntrustDialog } from './EntrustDialog';
import { EntrustTable } from './EntrustTable';
import { MoveReportDialog } from './MoveReportDialog';
import './entrust.css';

/**
 * /office/approval/entrust (every signed-in user): 委托管理 — the entrusts one gave (新建, 修改, 提前结束, 删除 as the
 * server's abilities allow) and those one received (read only). docs/approval-api.md, "Entrust page and task moves".
 */
export default function EntrustPage() {
  const [role, setRole] = useState<EntrustRole>('given');
  const [dialog, setDialog] = useState<EntrustView | 'new' | null>(null);
  const [report, setReport] = useState<TaskMoveReport | null>(null);

  return (
    <AdminPage
      title={EntrustTexts.pageTitle}
      description={EntrustTexts.pageDescription}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
          {EntrustTexts.create}
        </Button>
      }
    >
      <Tabs
        activeKey={role}
        onChange={(key) => setRole(key === 'received' ? 'received' : 'given')}
        items={[
          { key: 'given', label: EntrustTexts.given },
          { key: 'received', label: EntrustTexts.received },
        ]}
      />
      <EntrustTable role={role} onEdit={setDialog} />
      <EntrustDialog
        entrust={dialog}
        onClose={() => setDialog(null)}
        onSaved={(moved) => {
          setDialog(null);
          setRole('given');
          // Only worth a dialog when something stayed behind; the toast already counts what moved.
          if (moved && moved.skipped.length > 0) setReport(moved);
        }}
      />
      <MoveReportDialog report={report} onClose={() => setReport(null)} />
    </AdminPage>
  );
}

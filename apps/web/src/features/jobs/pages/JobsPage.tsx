import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row } from 'antd';
import type { Job } from '@osp/shared';
import { useState } from 'react';
import { useJob, useJobs } from '../../../api/jobs';
import { AdminPage } from '../../../components/AdminPage';
import { queryListState, Unread } from '../../../components/LoadFailed';
import { useRevealOnPhone } from '../../../components/useRevealOnPhone';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { JobDialog } from '../components/JobDialog';
import { JobMembersCard } from '../components/JobMembersCard';
import { JobsTable } from '../components/JobsTable';
import { JobTemplatesCard } from '../components/JobTemplatesCard';
import '../jobs.css';

const PER_PAGE = 10;

/** /office/jobs (permission template_admin): 审批岗位, their members and covered departments, and the templates using each. */
export default function JobsPage() {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, per_page: PER_PAGE });
  const jobs = useJobs({ keyword, ...paging });
  const listed = queryListState(jobs, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = useJob(selectedId);
  const detailRef = useRevealOnPhone<HTMLDivElement>(selectedId);
  const [dialogJob, setDialogJob] = useState<Job | 'new' | null>(null);

  return (
    <AdminPage
      title="审批岗位"
      description="流程步骤可以交给岗位审批。点选岗位后维护它的成员及每人负责的部门；被模板使用的岗位不能删除。"
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogJob('new')}>
            新建岗位
          </Button>
          <OperationLogButton itemType="job" />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <JobsTable
            data={jobs.data}
            isLoading={listed.isLoading}
            emptyText={listed.emptyText}
            failedAbove={listed.above}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onEdit={setDialogJob}
            onDeleted={(id) => {
              if (id === selectedId) setSelectedId(null);
            }}
            onSearch={(next) => {
              setKeyword(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            onPageChange={(page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage })}
          />
        </Col>
        <Col ref={detailRef} xs={24} lg={14}>
          {selectedId !== null && selected.data ? (
            <Flex vertical gap={16}>
              <JobMembersCard job={selected.data} isLoading={selected.isFetching && !selected.data} />
              <JobTemplatesCard job={selected.data} />
            </Flex>
          ) : selectedId !== null ? (
            <Card>
              <Unread query={selected} />
            </Card>
          ) : (
            <Card>
              <Empty description="在左侧选择一个岗位，查看它的成员和使用它的模板" />
            </Card>
          )}
        </Col>
      </Row>
      <JobDialog
        job={dialogJob}
        onClose={() => setDialogJob(null)}
        onSaved={(id) => {
          setDialogJob(null);
          setSelectedId(id);
        }}
      />
    </AdminPage>
  );
}

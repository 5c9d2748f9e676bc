import { Card, List, Tag } from 'antd';
import { Link } from 'react-router';
import type { Job } from '@osp/shared';
import { useJobTemplates } from '../../../api/jobs';
import { queryListState } from '../../../components/LoadFailed';

/** The fixed route of the template designer (outside the menu). */
const DESIGNER_PATH = '/office/templates/design';

/** The templates whose flows send steps to the job or route on it: the job cannot be deleted while there are any. */
export function JobTemplatesCard({ job }: { job: Job }) {
  const templates = useJobTemplates(job.id);
  const listed = queryListState(templates, '没有模板的流程使用该岗位');
  return (
    <Card size="small" title="使用该岗位的模板">
      {listed.above}
      <List
        size="small"
        loading={listed.isLoading}
        dataSource={templates.data ?? []}
        rowKey="id"
        locale={{ emptyText: listed.emptyText }}
        aria-label="使用该岗位的模板"
        renderItem={(template) => (
          <List.Item>
            <Link to={`${DESIGNER_PATH}?templateID=${template.id}`}>{template.name}</Link>
            {template.is_iptv === 1 && <Tag color="purple">IPTV</Tag>}
          </List.Item>
        )}
      />
    </Card>
  );
}

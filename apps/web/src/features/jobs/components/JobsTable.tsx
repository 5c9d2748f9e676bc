import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ApprovalMessages, type Job, type Paged } from '@osp/shared';
import { useDeleteJob } from '../../../api/jobs';
import { messageText } from '../../../components/HtmlMessage';
import { toast } from '../../../components/toast';

interface JobsTableProps {
  data: Paged<Job> | undefined;
  isLoading: boolean;
  /** The table's empty slot: nothing under the spinner, 加载失败 with 重试, or the empty list (queryListState). */
  emptyText: ReactNode;
  /** A failure over rows still shown from before. */
  failedAbove: ReactNode;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (job: Job) => void;
  onDeleted: (id: number) => void;
  onSearch: (keyword: string | undefined) => void;
  onPageChange: (page: number, perPage: number) => void;
}

/** The jobs, searched by name; a click on a row opens its members. */
export function JobsTable({
  data,
  isLoading,
  emptyText,
  failedAbove,
  selectedId,
  onSelect,
  onEdit,
  onDeleted,
  onSearch,
  onPageChange,
}: JobsTableProps) {
  const remove = useDeleteJob();

  // A job a template took since the list was read is refused (409): the API client shows why, the list refetches.
  const handleDelete = (job: Job) =>
    remove.mutate(job.id, {
      onSuccess: () => {
        toast.success(ApprovalMessages.deleted);
        onDeleted(job.id);
      },
    });

  const columns: TableColumnsType<Job> = [
    {
      title: '岗位',
      key: 'name',
      render: (_, job) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{job.name}</Typography.Text>
          {job.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '成员', dataIndex: 'member_count', width: 64, align: 'right' },
    { title: '模板', dataIndex: 'template_count', width: 64, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, job) => (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <Tooltip title="编辑">
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑${job.name}`} onClick={() => onEdit(job)} />
          </Tooltip>
          <Tooltip title={messageText(job.delete_blocked_reason) || '删除'}>
            {/* A disabled button hears no hover: the span does, so the reason still shows (as on 角色权限). */}
            <span className="job-action">
              <Popconfirm
                title={`确认删除岗位「${job.name}」吗？`}
                description={job.member_count > 0 ? `它的 ${job.member_count} 名成员将一并移出。` : undefined}
                okText="删除"
                okButtonProps={{ danger: true }}
                disabled={!job.abilities.delete}
                onConfirm={() => handleDelete(job)}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${job.name}`}
                  disabled={!job.abilities.delete}
                />
              </Popconfirm>
            </span>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <div className="jobs-page__search">
        <Input.Search
          allowClear
          placeholder="岗位名称"
          aria-label="搜索岗位"
          maxLength={50}
          onSearch={(value) => onSearch(value.trim() || undefined)}
        />
      </div>
      {failedAbove}
      <Table<Job>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isLoading}
        locale={{ emptyText }}
        rowClassName={(job) => (job.id === selectedId ? 'ant-table-row-selected' : '')}
        onRow={(job) => ({ onClick: () => onSelect(job.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: data?.page ?? 1,
          pageSize: data?.per_page ?? 10,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          size: 'small',
          onChange: onPageChange,
        }}
      />
    </Card>
  );
}

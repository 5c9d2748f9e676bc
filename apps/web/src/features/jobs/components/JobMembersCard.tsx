import { DeleteOutlined, EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ApprovalMessages, type Job, type JobMember } from '@osp/shared';
import { useState } from 'react';
import { useRemoveJobMember } from '../../../api/jobs';
import { useDirectoryNames } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { ALL_DEPTS, coveredDeptNames } from '../members';
import { MemberDialog } from './MemberDialog';

interface JobMembersCardProps {
  job: Job;
  isLoading: boolean;
}

/** The members of one job, each with the departments they cover. */
export function JobMembersCard({ job, isLoading }: JobMembersCardProps) {
  const directory = useDirectoryNames();
  const remove = useRemoveJobMember();
  const [dialogMember, setDialogMember] = useState<JobMember | 'new' | null>(null);
  const members = job.members ?? [];

  const handleRemove = (member: JobMember) =>
    remove.mutate({ jobId: job.id, uuid: member.uuid }, { onSuccess: () => toast.success(ApprovalMessages.deleted) });

  const columns: TableColumnsType<JobMember> = [
    {
      title: '成员',
      key: 'name',
      render: (_, member) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{member.name}</Typography.Text>
          {member.dept_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {member.dept_name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '负责部门',
      key: 'depts',
      render: (_, member) => {
        const names = coveredDeptNames(member.dept_ids, directory.deptName);
        return (
          <Flex wrap gap={4}>
            {names === null ? <Tag color="green">{ALL_DEPTS}</Tag> : names.map((name, index) => <Tag key={index}>{name}</Tag>)}
          </Flex>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, member) => (
        <Space size={0}>
          <Tooltip title="修改负责部门">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={`修改${member.name}的负责部门`}
              onClick={() => setDialogMember(member)}
            />
          </Tooltip>
          <Popconfirm
            title={`确认将「${member.name}」移出岗位吗？`}
            okText="移除"
            okButtonProps={{ danger: true }}
            onConfirm={() => handleRemove(member)}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`移除${member.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={`「${job.name}」的成员`}
      extra={
        <Button type="primary" size="small" icon={<UserAddOutlined />} onClick={() => setDialogMember('new')}>
          添加成员
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      {job.description && <p className="jobs-page__description">{job.description}</p>}
      <Table<JobMember>
        rowKey="uuid"
        size="middle"
        columns={columns}
        dataSource={members}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: '还没有成员，点击「添加成员」添加' }}
      />
      <MemberDialog jobId={job.id} jobName={job.name} member={dialogMember} members={members} onClose={() => setDialogMember(null)} />
    </Card>
  );
}

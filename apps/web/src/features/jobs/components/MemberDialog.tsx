import { Form, Input, Modal } from 'antd';
import { ApprovalMessages, type JobMember } from '@osp/shared';
import { useMemo } from 'react';
import { useAddJobMember, useUpdateJobMember } from '../../../api/jobs';
import { showFieldErrors } from '../../../components/form-errors';
import { DeptPicker, PersonPicker, personLabel } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { ALL_DEPTS, alreadyMember } from '../members';

interface MemberDialogProps {
  jobId: number;
  jobName: string;
  /** 'new' to add someone; a member to change the departments they cover; null when closed. */
  member: JobMember | 'new' | null;
  /** The job's current members, who cannot be added twice. */
  members: readonly JobMember[];
  onClose: () => void;
}

interface Values {
  user_id?: number;
  dept_ids: number[];
}

/** 添加成员 / 负责部门: a person and the departments they cover for this job (none: every department). */
export function MemberDialog({ jobId, jobName, member, members, onClose }: MemberDialogProps) {
  const [form] = Form.useForm<Values>();
  const add = useAddJobMember();
  const update = useUpdateJobMember();
  const isNew = member === 'new';
  const isMember = useMemo(() => alreadyMember(members), [members]);

  const handleFinish = async (values: Values) => {
    try {
      if (member === 'new') await add.mutateAsync({ jobId, user_id: values.user_id ?? 0, dept_ids: values.dept_ids });
      else if (member) await update.mutateAsync({ jobId, uuid: member.uuid, dept_ids: values.dept_ids });
      toast.success(ApprovalMessages.saved);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={isNew ? `添加成员到「${jobName}」` : '修改负责部门'}
      open={member !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '添加' : '保存'}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="job-member"
        initialValues={{ dept_ids: member === 'new' || member === null ? [] : member.dept_ids }}
        onFinish={(values) => void handleFinish(values)}
      >
        {member === 'new' ? (
          <Form.Item name="user_id" label="成员" rules={[{ required: true, message: ApprovalMessages.userMissing }]}>
            <PersonPicker unavailable={isMember} placeholder="输入姓名、用户名或部门搜索" />
          </Form.Item>
        ) : (
          member && (
            <Form.Item label="成员">
              <Input aria-label="成员" value={personLabel(member)} disabled />
            </Form.Item>
          )
        )}
        <Form.Item
          name="dept_ids"
          label="负责部门"
          extra="含下级部门；不选则负责全部部门。流程步骤限定由负责发起人部门的成员审批时，按此挑选审批人。"
        >
          <DeptPicker multiple allowClear placeholder={ALL_DEPTS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

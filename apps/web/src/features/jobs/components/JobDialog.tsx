import { Form, Input, Modal } from 'antd';
import { ApprovalMessages, type Job } from '@osp/shared';
import { useCreateJob, useUpdateJob, type JobInput } from '../../../api/jobs';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

/** JobInputZ's limits, so that the box stops where the server would refuse. */
const NAME_MAX = 30;
const DESCRIPTION_MAX = 200;

interface JobDialogProps {
  /** 'new' to create; a job to edit; null when closed. */
  job: Job | 'new' | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** 新建岗位 / 编辑岗位: the job's name and what it is for. */
export function JobDialog({ job, onClose, onSaved }: JobDialogProps) {
  const [form] = Form.useForm<JobInput>();
  const create = useCreateJob();
  const update = useUpdateJob();
  const isNew = job === 'new';

  const handleFinish = async (values: JobInput) => {
    try {
      const saved = job === 'new' || job === null ? await create.mutateAsync(values) : await update.mutateAsync({ id: job.id, ...values });
      toast.success(ApprovalMessages.saved);
      onSaved(saved.id);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={isNew ? '新建岗位' : '编辑岗位'}
      open={job !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '创建' : '保存'}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      {/* Destroyed when hidden: each opening starts from the job it was opened for. */}
      <Form<JobInput>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="job"
        initialValues={job === 'new' || job === null ? { name: '', description: '' } : { name: job.name, description: job.description }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item name="name" label="岗位名称" rules={[{ required: true, whitespace: true, message: ApprovalMessages.jobNameRequired }]}>
          <Input maxLength={NAME_MAX} placeholder="如 财务审核" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder="这个岗位负责审批什么" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

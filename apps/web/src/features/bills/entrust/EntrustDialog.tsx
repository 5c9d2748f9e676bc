import { Checkbox, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EntrustTexts, type EntrustView, type TaskMoveReport } from '@osp/shared';
import { useProfile } from '../../../api/user';
import { useCreateEntrust, useEntrustTemplates, useUpdateEntrust } from '../../../api/entrust';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { entrustTemplateOptions } from './entrust-options';

/** EntrustInputZ's limit on the reason, so that the box stops where the server would refuse. */
const REASON_MAX = 200;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface EntrustFormValues {
  delegate_id?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  template_ids: number[];
  reason: string;
  move_open_tasks: boolean;
}

/** The server names the period's two ends; the form holds them in one picker. */
const FIELD_OF = { start_at: 'period', end_at: 'period' } as const;

interface EntrustDialogProps {
  /** 'new' to create; an entrust of one's own to edit; null when closed. */
  entrust: EntrustView | 'new' | null;
  onClose: () => void;
  /** `moved`: what 同时移交当前待办 did, when it was asked. */
  onSaved: (moved: TaskMoveReport | null) => void;
}

function initialValues(entrust: EntrustView | 'new' | null): EntrustFormValues {
  if (entrust === null || entrust === 'new') {
    const now = dayjs().second(0).millisecond(0);
    return { period: [now, now.add(1, 'day').endOf('day').second(0)], template_ids: [], reason: '', move_open_tasks: false };
  }
  return {
    delegate_id: entrust.delegate_id,
    period: [dayjs(entrust.start_at), dayjs(entrust.end_at)],
    template_ids: entrust.template_ids,
    reason: entrust.reason,
    move_open_tasks: false,
  };
}

/** 新建委托 / 修改委托: the delegate, the time window, the templates (none: all) and, when new, 同时移交当前待办. */
export function EntrustDialog({ entrust, onClose, onSaved }: EntrustDialogProps) {
  const [form] = Form.useForm<EntrustFormValues>();
  const profile = useProfile();
  const templates = useEntrustTemplates(entrust !== null);
  const create = useCreateEntrust();
  const update = useUpdateEntrust();
  const isNew = entrust === 'new';

  const handleFinish = async (values: EntrustFormValues) => {
    const [start, end] = values.period ?? [];
    if (values.delegate_id === undefined || !start || !end) return;
    const body = {
      delegate_id: values.delegate_id,
      template_ids: values.template_ids,
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      reason: values.reason.trim(),
    };
    try {
      if (entrust === 'new' || entrust === null) {
        const { data, message } = await create.mutateAsync({ ...body, move_open_tasks: values.move_open_tasks });
        toast.success(message);
        onSaved(data.moved_tasks);
      } else {
        const { message } = await update.mutateAsync({ id: entrust.id, ...body });
        toast.success(message);
        onSaved(null);
      }
    } catch (error) {
      showFieldErrors(form, error, FIELD_OF);
    }
  };

  return (
    <Modal
      title={isNew ? EntrustTexts.create : EntrustTexts.edit}
      open={entrust !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? EntrustTexts.submitCreate : EntrustTexts.submitEdit}
      confirmLoading={create.isPending || update.isPending}
      width={560}
      destroyOnHidden
      maskClosable={false}
    >
      {/* Destroyed when hidden: each opening starts from the entrust it was opened for. */}
      <Form<EntrustFormValues>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="entrust"
        initialValues={initialValues(entrust)}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item name="delegate_id" label={EntrustTexts.delegate} rules={[{ required: true, message: EntrustTexts.delegateRequired }]}>
          <PersonPicker filter={(person) => person.id !== profile.data?.id} />
        </Form.Item>
        <Form.Item name="period" label={EntrustTexts.period} rules={[{ required: true, message: EntrustTexts.periodRequired }]}>
          <DateRangePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME_FORMAT}
            placeholder={[EntrustTexts.periodStart, EntrustTexts.periodEnd]}
            className="entrust-dialog__period"
          />
        </Form.Item>
        <Form.Item name="template_ids" label={EntrustTexts.templates}>
          <Select<number[]>
            mode="multiple"
            allowClear
            loading={templates.isPending}
            placeholder={EntrustTexts.templatesPlaceholder}
            optionFilterProp="label"
            options={entrustTemplateOptions(templates.data ?? [], entrust === 'new' || entrust === null ? null : entrust)}
          />
        </Form.Item>
        <Form.Item name="reason" label={EntrustTexts.reason}>
          <Input.TextArea
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={EntrustTexts.reasonPlaceholder}
          />
        </Form.Item>
        {isNew && (
          <Form.Item name="move_open_tasks" valuePropName="checked" extra={EntrustTexts.moveOpenTasksHelp}>
            <Checkbox>{EntrustTexts.moveOpenTasks}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

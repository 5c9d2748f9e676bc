import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Modal, Progress, Radio, Select, Table, Tag, type Breakpoint, type TableColumnsType } from 'antd';
import {
  dateTimeText,
  SURVEY_KINDS,
  SURVEY_STATUS_LABELS,
  SURVEY_TITLE_MAX,
  SurveyApiMessages,
  SurveyDesignerTexts,
  SurveyTexts,
  type SurveyKind,
  type SurveyListItem,
} from '@osp/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '../../../components/AdminPage';
import { showFieldErrors } from '../../../components/form-errors';
import { listState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { toast } from '../../../components/toast';
import { useAdminSurveys, useCreateSurvey } from '../api/survey-admin-api';
import { SurveyRowActions } from '../designer/SurveyRowActions';
import { SURVEY_STATUS_COLORS } from '../designer/survey-status';
import '../surveys-admin.css';

const STATUS_OPTIONS = Object.entries(SURVEY_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const KIND_OPTIONS = SURVEY_KINDS.map((kind) => ({ value: kind, label: SurveyTexts.kinds[kind] }));

// On a phone a row keeps its title, state and actions; a tablet adds the completion; the rest is in the designer.
const WIDE: Breakpoint[] = ['md'];
const NOT_PHONE: Breakpoint[] = ['sm'];

const COLUMNS: TableColumnsType<SurveyListItem> = [
  {
    title: SurveyDesignerTexts.columnTitle,
    key: 'title',
    render: (_value, survey) => (
      <Link to={`${SurveyDesignerTexts.editPath}/${survey.id}`} className="survey-manage__title">
        {survey.name}
      </Link>
    ),
  },
  { title: SurveyDesignerTexts.columnKind, key: 'kind', responsive: WIDE, render: (_value, survey) => SurveyTexts.kinds[survey.kind] },
  {
    title: SurveyDesignerTexts.columnStatus,
    key: 'status',
    render: (_value, survey) => <Tag color={SURVEY_STATUS_COLORS[survey.status]}>{SURVEY_STATUS_LABELS[survey.status]}</Tag>,
  },
  {
    title: SurveyDesignerTexts.columnDeadline,
    key: 'deadline',
    responsive: WIDE,
    render: (_value, survey) => (
      <span className="survey-manage__time">{dateTimeText(survey.deadline) || SurveyDesignerTexts.noDeadline}</span>
    ),
  },
  {
    title: SurveyDesignerTexts.columnCompletion,
    key: 'completion',
    responsive: NOT_PHONE,
    render: (_value, survey) =>
      survey.completion === null ? (
        SurveyDesignerTexts.noneTargeted
      ) : (
        <Flex vertical className="survey-manage__completion">
          <Progress percent={survey.completion} size="small" showInfo={false} />
          <span>{SurveyDesignerTexts.completionOf(survey.answered, survey.targeted, survey.completion)}</span>
        </Flex>
      ),
  },
  { title: SurveyDesignerTexts.columnResponses, dataIndex: 'responses', key: 'responses', responsive: WIDE },
  {
    title: SurveyDesignerTexts.columnUpdated,
    key: 'updated',
    responsive: WIDE,
    render: (_value, survey) => <span className="survey-manage__time">{dateTimeText(survey.updated_at)}</span>,
  },
  { title: SurveyDesignerTexts.columnActions, key: 'actions', render: (_value, survey) => <SurveyRowActions survey={survey} /> },
];

/** /survey/manage (permission survey_admin): 问卷管理 — every survey and evaluation, and what to do with each. */
export default function SurveyManagePage() {
  const [status, setStatus] = useState<number>();
  const [kind, setKind] = useState<SurveyKind>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const [isCreating, setIsCreating] = useState(false);
  const surveys = useAdminSurveys({
    ...paging,
    ...(status === undefined ? {} : { status }),
    ...(kind === undefined ? {} : { kind }),
    ...(keyword === '' ? {} : { keyword }),
  });
  const isFiltered = status !== undefined || kind !== undefined || keyword !== '';
  const listed = listState({
    isLoading: surveys.isFetching && !surveys.data,
    error: surveys.error,
    hasRows: surveys.data !== undefined,
    onRetry: () => void surveys.refetch(),
    empty: isFiltered ? SurveyDesignerTexts.emptyFiltered : SurveyDesignerTexts.empty,
  });
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));

  return (
    <AdminPage
      title={SurveyDesignerTexts.title}
      description={SurveyDesignerTexts.description}
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
            {SurveyDesignerTexts.newSurvey}
          </Button>
          <OperationLogButton itemType="survey" />
        </>
      }
    >
      <Card size="small">
        <Flex wrap gap={12} className="survey-manage__filters">
          <Select<number>
            allowClear
            aria-label={SurveyDesignerTexts.statusFilter}
            placeholder={SurveyDesignerTexts.allStatuses}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => {
              setStatus(next);
              firstPage();
            }}
          />
          <Select<SurveyKind>
            allowClear
            aria-label={SurveyDesignerTexts.kindFilter}
            placeholder={SurveyDesignerTexts.allKinds}
            options={KIND_OPTIONS}
            value={kind}
            onChange={(next) => {
              setKind(next);
              firstPage();
            }}
          />
          <Input.Search
            allowClear
            aria-label={SurveyDesignerTexts.search}
            placeholder={SurveyDesignerTexts.search}
            maxLength={50}
            onSearch={(next) => {
              // Searching the same words again reads the list again (answers keep coming in while it is open).
              if (next.trim() === keyword) void surveys.refetch();
              setKeyword(next.trim());
              firstPage();
            }}
          />
        </Flex>
        {listed.above}
        <Table<SurveyListItem>
          rowKey="id"
          size="middle"
          aria-label={SurveyDesignerTexts.list}
          columns={COLUMNS}
          dataSource={surveys.data?.list ?? []}
          loading={surveys.isFetching && surveys.data !== undefined}
          locale={{ emptyText: listed.emptyText }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.page,
            pageSize: paging.per_page,
            total: surveys.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: false,
            onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
          }}
        />
      </Card>
      {isCreating && <CreateSurveyDialog onClose={() => setIsCreating(false)} />}
    </AdminPage>
  );
}

interface CreateValues {
  kind: SurveyKind;
  name: string;
}

/** 新建问卷: the kind and the title, then the designer opens on the new survey. */
function CreateSurveyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateSurvey();
  const handleOk = async () => {
    let values: CreateValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const answer = await create.mutateAsync(values);
      toast.success(answer.message);
      onClose();
      void navigate(`${SurveyDesignerTexts.editPath}/${answer.data.id}`);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={SurveyDesignerTexts.createDialog}
      okText={SurveyDesignerTexts.create}
      cancelText={SurveyDesignerTexts.cancel}
      confirmLoading={create.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreateValues> form={form} layout="vertical" initialValues={{ kind: 'survey', name: '' }} onFinish={() => void handleOk()}>
        <Form.Item name="kind" label={SurveyDesignerTexts.fieldKind}>
          <Radio.Group optionType="button" options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="name"
          label={SurveyDesignerTexts.fieldName}
          rules={[{ required: true, whitespace: true, message: SurveyApiMessages.nameRequired }]}
        >
          <Input maxLength={SURVEY_TITLE_MAX} placeholder={SurveyDesignerTexts.namePlaceholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

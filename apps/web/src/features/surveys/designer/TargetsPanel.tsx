import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Skeleton, Table, Tag, Typography } from 'antd';
import {
  dateTimeText,
  SURVEY_ASSIGNMENT_STATE_LABELS,
  SurveyDesignerTexts,
  type SurveyPersonItem,
  type SurveyTargetView,
} from '@osp/shared';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { DeptPicker, PersonPicker, RolePicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { useSaveSurveyTargets, useSurveyPeople, useSurveyTargetIds, useSurveyTargets } from '../api/survey-admin-api';
import { targetsOf, targetValuesOf, type TargetValues } from './target-values';

const T = SurveyDesignerTexts;

/**
 * 填写范围: departments (with their sub-departments), roles and people, less the departments, roles and people
 * excluded (every kind the server stores, so a save keeps exclusions made through the API); saved on its own
 * (POST /api/survey/target). Below: how many people that names now and who they are — after a release, each with
 * the state of their assignment.
 */
export function TargetsPanel({ surveyId, isReleased }: { surveyId: number; isReleased: boolean }) {
  const targets = useSurveyTargets(surveyId);
  if (targets.error && !targets.data) return <LoadFailed error={targets.error} onRetry={() => void targets.refetch()} />;
  if (!targets.data) return <Skeleton active />;
  return <TargetsForm surveyId={surveyId} isReleased={isReleased} targets={targets.data} />;
}

function TargetsForm({ surveyId, isReleased, targets }: { surveyId: number; isReleased: boolean; targets: SurveyTargetView[] }) {
  const [form] = Form.useForm<TargetValues>();
  const initialValues = useMemo(() => targetValuesOf(targets), [targets]);
  const save = useSaveSurveyTargets();
  const ids = useSurveyTargetIds(surveyId);
  const [isDirty, setIsDirty] = useState(false);

  const handleSave = async () => {
    const values = form.getFieldsValue(true) as TargetValues;
    try {
      const answer = await save.mutateAsync({ surveyId, targets: targetsOf(values) });
      toast.success(answer.message);
      // The form shows what was kept: the server keeps one of a target named twice, and an exclusion over an inclusion.
      form.setFieldsValue(targetValuesOf(answer.data));
      setIsDirty(false);
    } catch {
      // The refusal (a department deleted meanwhile, too many targets) was the API client's toast.
    }
  };

  return (
    <Flex vertical gap={12} className="survey-targets">
      <Typography.Paragraph type="secondary">{T.targetsIntro}</Typography.Paragraph>
      {isReleased && <Alert type="info" showIcon message={T.targetsReleased} />}
      <Form<TargetValues> form={form} layout="vertical" initialValues={initialValues} onValuesChange={() => setIsDirty(true)}>
        <Form.Item name="dept_ids" label={T.targetDepts}>
          <DeptPicker multiple allowClear placeholder={T.targetDeptsPlaceholder} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="role_ids" label={T.targetRoles}>
          <RolePicker source="survey-targets" allowClear placeholder={T.targetRolesPlaceholder} />
        </Form.Item>
        <Form.Item name="user_ids" label={T.targetUsers}>
          <PersonPicker multiple allowClear placeholder={T.targetUsersPlaceholder} />
        </Form.Item>
        <Form.Item name="excluded_dept_ids" label={T.targetExcludedDepts}>
          <DeptPicker multiple allowClear placeholder={T.targetExcludedDeptsPlaceholder} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="excluded_role_ids" label={T.targetExcludedRoles}>
          <RolePicker source="survey-targets" allowClear placeholder={T.targetExcludedRolesPlaceholder} />
        </Form.Item>
        <Form.Item name="excluded_user_ids" label={T.targetExcluded}>
          <PersonPicker multiple allowClear placeholder={T.targetExcludedPlaceholder} />
        </Form.Item>
        <Flex gap={12} align="center" wrap>
          <Button type={isDirty ? 'primary' : 'default'} icon={<SaveOutlined />} loading={save.isPending} onClick={() => void handleSave()}>
            {T.saveTargets}
          </Button>
          {ids.data && (
            <Typography.Text strong data-testid="survey-resolved-count">
              {T.resolvedCount(ids.data.user_ids.length)}
            </Typography.Text>
          )}
        </Flex>
      </Form>
      <PeopleList surveyId={surveyId} isReleased={isReleased} />
    </Flex>
  );
}

function PeopleList({ surveyId, isReleased }: { surveyId: number; isReleased: boolean }) {
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const people = useSurveyPeople({ survey_id: surveyId, ...paging });
  return (
    <Card size="small" title={T.peopleTitle}>
      {!isReleased && <Typography.Paragraph type="secondary">{T.peopleNotReleased}</Typography.Paragraph>}
      <Table<SurveyPersonItem>
        rowKey={(person) => `${person.user_id}-${person.ratee_id}`}
        size="small"
        aria-label={T.peopleTitle}
        dataSource={people.data?.list ?? []}
        loading={people.isFetching}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: T.peopleName, key: 'name', render: (_v, person) => person.name },
          { title: T.peopleDept, key: 'dept', render: (_v, person) => person.dept_name ?? '' },
          {
            title: T.peopleState,
            key: 'state',
            render: (_v, person) =>
              person.state === null ? (
                ''
              ) : (
                <Tag color={person.state === 'submitted' ? 'green' : person.state === 'draft' ? 'blue' : 'default'}>
                  {SURVEY_ASSIGNMENT_STATE_LABELS[person.state]}
                </Tag>
              ),
          },
          { title: T.peopleSubmittedAt, key: 'submitted', render: (_v, person) => dateTimeText(person.submitted_at) },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: people.data?.total ?? 0,
          onChange: (page, perPage) => setPaging({ page, per_page: perPage }),
        }}
      />
    </Card>
  );
}

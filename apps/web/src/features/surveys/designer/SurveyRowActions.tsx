import { Button, DatePicker, Flex, Modal, Popconfirm, Typography } from 'antd';
import { SurveyDesignerTexts, SurveyStatus, type SurveyListItem } from '@osp/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { useChangeSurveyStatus, useDeleteSurvey, useReleaseSurvey, useReplicateSurvey, useUnreleaseSurvey } from '../api/survey-admin-api';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const SHOW_TIME = { format: 'HH:mm' };

/**
 * A row's 编辑 · 发布 / 暂停收集 · 结束 · 修改截止时间 · 复制 · 结果 · 删除. The server decides whether each may happen: a
 * refusal (no targets, answers already given) is the API client's toast with the server's words, and the list is read again.
 */
export function SurveyRowActions({ survey }: { survey: SurveyListItem }) {
  const navigate = useNavigate();
  const release = useReleaseSurvey();
  const unrelease = useUnreleaseSurvey();
  const change = useChangeSurveyStatus();
  const replicate = useReplicateSurvey();
  const remove = useDeleteSurvey();
  const [isDeadlineOpen, setIsDeadlineOpen] = useState(false);
  const run = (action: Promise<{ message: string }>) => {
    // A refusal was toasted by the API client.
    action.then((answer) => toast.success(answer.message)).catch(() => undefined);
  };
  const isCollecting = survey.status === SurveyStatus.collecting;

  return (
    <Flex gap={4} wrap className="survey-manage__actions">
      <Link to={`${SurveyDesignerTexts.editPath}/${survey.id}`} aria-label={`${SurveyDesignerTexts.edit} ${survey.name}`}>
        {SurveyDesignerTexts.edit}
      </Link>
      {isCollecting ? (
        <Popconfirm
          title={SurveyDesignerTexts.confirmUnrelease(survey.name)}
          okText={SurveyDesignerTexts.unrelease}
          onConfirm={() => run(unrelease.mutateAsync(survey.id))}
        >
          <Button type="link" size="small" loading={unrelease.isPending}>
            {SurveyDesignerTexts.unrelease}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={SurveyDesignerTexts.confirmRelease(survey.name)}
          okText={SurveyDesignerTexts.release}
          onConfirm={() => run(release.mutateAsync(survey.id))}
        >
          <Button type="link" size="small" loading={release.isPending}>
            {SurveyDesignerTexts.release}
          </Button>
        </Popconfirm>
      )}
      {isCollecting && (
        <Popconfirm
          title={SurveyDesignerTexts.confirmClose(survey.name)}
          okText={SurveyDesignerTexts.close}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(change.mutateAsync({ id: survey.id, status: SurveyStatus.closed }))}
        >
          <Button type="link" size="small" loading={change.isPending}>
            {SurveyDesignerTexts.close}
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" onClick={() => setIsDeadlineOpen(true)}>
        {SurveyDesignerTexts.changeDeadline}
      </Button>
      <Popconfirm
        title={SurveyDesignerTexts.confirmReplicate(survey.name)}
        okText={SurveyDesignerTexts.replicate}
        onConfirm={() => {
          replicate
            .mutateAsync(survey.id)
            .then((answer) => {
              toast.success(answer.message);
              void navigate(`${SurveyDesignerTexts.editPath}/${answer.data.id}`);
            })
            .catch(() => undefined);
        }}
      >
        <Button type="link" size="small" loading={replicate.isPending}>
          {SurveyDesignerTexts.replicate}
        </Button>
      </Popconfirm>
      <Link to={`${SurveyDesignerTexts.resultPath}/${survey.id}`}>{SurveyDesignerTexts.results}</Link>
      <Popconfirm
        title={SurveyDesignerTexts.confirmRemove(survey.name)}
        okText={SurveyDesignerTexts.remove}
        okButtonProps={{ danger: true }}
        onConfirm={() => run(remove.mutateAsync(survey.id))}
      >
        <Button type="link" size="small" danger loading={remove.isPending}>
          {SurveyDesignerTexts.remove}
        </Button>
      </Popconfirm>
      {isDeadlineOpen && <DeadlineDialog survey={survey} onClose={() => setIsDeadlineOpen(false)} />}
    </Flex>
  );
}

/** 修改截止时间: a new deadline, or none; a closed survey moved to a later deadline collects again (the server logs it). */
function DeadlineDialog({ survey, onClose }: { survey: SurveyListItem; onClose: () => void }) {
  const change = useChangeSurveyStatus();
  const [value, setValue] = useState<Dayjs | null>(survey.deadline ? dayjs(survey.deadline) : null);
  const handleOk = () => {
    change
      .mutateAsync({ id: survey.id, deadline: value ? value.toISOString() : null })
      .then((answer) => {
        toast.success(answer.message);
        onClose();
      })
      .catch(() => undefined);
  };
  return (
    <Modal
      open
      title={SurveyDesignerTexts.deadlineDialogOf(survey.name)}
      okText={SurveyDesignerTexts.ok}
      cancelText={SurveyDesignerTexts.cancel}
      confirmLoading={change.isPending}
      onOk={handleOk}
      onCancel={onClose}
    >
      <Flex vertical gap={8}>
        <DatePicker
          showTime={SHOW_TIME}
          format={TIME_FORMAT}
          value={value}
          onChange={setValue}
          placeholder={SurveyDesignerTexts.deadlinePlaceholder}
          aria-label={SurveyDesignerTexts.columnDeadline}
        />
        <Typography.Text type="secondary">{SurveyDesignerTexts.deadlineHint}</Typography.Text>
      </Flex>
    </Modal>
  );
}

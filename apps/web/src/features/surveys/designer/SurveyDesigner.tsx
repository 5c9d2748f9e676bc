import { ArrowLeftOutlined, EyeOutlined, SaveOutlined, ScissorOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Empty, Flex, Modal, Segmented, Tabs, Tag, Typography } from 'antd';
import {
  SURVEY_QUESTION_TYPES,
  SURVEY_STATUS_LABELS,
  SurveyDesignerTexts,
  SurveyStatus,
  SurveyTexts,
  type FieldErrors,
  type SurveyDefinition,
  type SurveyDetail,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@osp/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { messageText } from '../../../components/HtmlMessage';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { useIsMobile } from '../../../utils/useIsMobile';
import { useReleaseSurvey, useSaveSurvey, useUnreleaseSurvey } from '../api/survey-admin-api';
import { SurveyForm } from '../fill/SurveyForm';
import {
  addPage,
  addQuestion,
  deleteQuestion,
  duplicateQuestion,
  findQuestion,
  indexProblems,
  mergePage,
  moveQuestion,
  newQuestion,
  problemTarget,
  questionById,
  removeOption,
  shiftQuestion,
  splitPage,
  updatePage,
  updateQuestion,
} from './designer-state';
import { QuestionCanvas } from './QuestionCanvas';
import { QuestionEditor } from './QuestionEditor';
import { RulesPanel } from './RulesPanel';
import { SettingsPanel } from './SettingsPanel';
import { SURVEY_STATUS_COLORS } from './survey-status';
import { TargetsPanel } from './TargetsPanel';

const T = SurveyDesignerTexts;
type Tab = 'design' | 'settings' | 'targets' | 'rules';

function isAbout(target: ReturnType<typeof problemTarget>, questionId: string): boolean {
  return 'questionId' in target && target.questionId === questionId;
}

/** The server's 422 as `{key, message}` pairs (every message of every field). */
function fieldProblems(errors: FieldErrors | undefined): { key: string; message: string }[] {
  return Object.entries(errors ?? {}).flatMap(([key, messages]) => messages.map((message) => ({ key, message })));
}

/**
 * /survey/edit/{id}: the designer. One value, the definition being edited (and the deadline beside it), changed by
 * the pure operations of designer-state.ts; 保存 sends it whole (PUT /api/surveys/{id}) and the server's field errors
 * come back at the question, rule or setting they name. 发布 saves first, then releases.
 */
export function SurveyDesigner({ survey }: { survey: SurveyDetail }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [definition, setDefinition] = useState<SurveyDefinition>(survey.definition);
  const [deadline, setDeadline] = useState<string | null>(survey.deadline);
  const [saved, setSaved] = useState(survey);
  const [isDirty, setIsDirty] = useState(false);
  const [selectedId, setSelectedId] = useState<string | undefined>(survey.definition.pages[0]?.questions[0]?.id);
  const [tab, setTab] = useState<Tab>('design');
  const [serverErrors, setServerErrors] = useState<{ key: string; message: string }[]>([]);
  /** The definition the server's errors were about: their positions are read against it. */
  const [erroredDefinition, setErroredDefinition] = useState<SurveyDefinition>(survey.definition);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const save = useSaveSurvey();
  const release = useReleaseSurvey();
  const unrelease = useUnreleaseSurvey();
  useLeaveGuard(isDirty, '.survey-designer');

  const problems = useMemo(() => indexProblems(erroredDefinition, serverErrors), [erroredDefinition, serverErrors]);

  const change = (next: SurveyDefinition) => {
    setDefinition(next);
    setIsDirty(true);
  };
  const selected = selectedId ? questionById(definition, selectedId) : undefined;

  /** Where a new question goes: after the selected one, or at the end of the last page. */
  const add = (type: SurveyQuestionType) => {
    const question = newQuestion(type);
    const place = selectedId ? findQuestion(definition, selectedId) : undefined;
    const page = place?.page ?? definition.pages.length - 1;
    change(addQuestion(definition, page, question, place ? place.index + 1 : undefined));
    setSelectedId(question.id);
  };
  /** 分页符: after the selected question the page splits; with none selected (or it last) a new page starts. */
  const addBreak = () => {
    const place = selectedId ? findQuestion(definition, selectedId) : undefined;
    const count = place ? (definition.pages[place.page]?.questions.length ?? 0) : 0;
    if (place && place.index + 1 < count) change(splitPage(definition, place.page, place.index + 1));
    else change(addPage(definition).definition);
  };

  const handleSave = async ({ isQuiet = false } = {}): Promise<boolean> => {
    try {
      const answer = await save.mutateAsync({ id: survey.id, definition, deadline });
      setSaved(answer.data);
      setServerErrors([]);
      setIsDirty(false);
      if (!isQuiet) toast.success(answer.message);
      return true;
    } catch (error) {
      const errors = fieldProblems(error instanceof ApiError ? error.fieldErrors : undefined);
      setServerErrors(errors);
      setErroredDefinition(definition);
      const first = errors[0];
      if (first) {
        // The first problem is brought into view: its question selected, or its tab opened.
        const target = problemTarget(definition, first.key);
        setTab(target.tab);
        if ('questionId' in target) setSelectedId(target.questionId);
      }
      return false;
    }
  };

  /**
   * 发布: saved first. A survey that is collecting already releases its changes as a new version: the server releases
   * only a survey that is not collecting, so it pauses (unrelease) and releases again at once; answers already given
   * keep the version they answered.
   */
  const handleRelease = async () => {
    if (!(await handleSave({ isQuiet: true }))) return;
    try {
      if (saved.stored_status === SurveyStatus.collecting) await unrelease.mutateAsync(survey.id);
      const answer = await release.mutateAsync(survey.id);
      setSaved(answer.data);
      toast.success(answer.message);
    } catch (error) {
      // The refusal was the API client's toast with the server's words; its fields (the targets, the deadline) are
      // listed above the tabs, and the tab they belong to is opened.
      const errors = fieldProblems(error instanceof ApiError ? error.fieldErrors : undefined);
      if (errors.length === 0) return;
      setServerErrors(errors);
      setErroredDefinition(definition);
      setTab(errors.some((e) => e.key === 'targets') ? 'targets' : problemTarget(definition, errors[0]?.key ?? '').tab);
    }
  };

  const outsideQuestions = serverErrors.filter((e) => {
    const target = problemTarget(erroredDefinition, e.key);
    return target.tab !== 'design' && target.tab !== 'rules';
  });
  const editorProblems = selected ? (problems.questions.get(selected.id) ?? []) : [];
  const isBusy = save.isPending || release.isPending || unrelease.isPending;
  const canRelease = saved.status !== SurveyStatus.collecting || saved.changed_since_release || isDirty;

  const palette = (
    <Card size="small" title={T.palette} className="survey-designer__palette">
      <div className="survey-palette" role="group" aria-label={T.palette}>
        {SURVEY_QUESTION_TYPES.map((type) => (
          <Button
            key={type}
            size="small"
            autoInsertSpace={false}
            onClick={() => add(type)}
            aria-label={T.paletteAdd(SurveyTexts.questionTypes[type])}
          >
            {SurveyTexts.questionTypes[type]}
          </Button>
        ))}
        <Button
          size="small"
          autoInsertSpace={false}
          icon={<ScissorOutlined />}
          onClick={addBreak}
          aria-label={T.paletteAdd(SurveyTexts.pageBreak)}
        >
          {SurveyTexts.pageBreak}
        </Button>
      </div>
    </Card>
  );

  const editor = (
    <Card size="small" title={T.questionPanel} className="survey-designer__editor">
      {selected ? (
        <QuestionEditor
          key={selected.id}
          question={selected}
          dimensions={definition.kind === 'evaluation' ? definition.dimensions : null}
          problems={editorProblems}
          onChange={(question: SurveyQuestion) => {
            change(updateQuestion(definition, question.id, () => question));
            // The server's words about this question are answered by the edit; the next save says whether they still hold.
            setServerErrors((errors) => errors.filter((e) => !isAbout(problemTarget(erroredDefinition, e.key), question.id)));
          }}
          onRemoveOption={(optionId) => change(removeOption(definition, selected.id, optionId))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noneSelected} />
      )}
    </Card>
  );

  const design = (
    <div className="survey-designer__grid">
      {palette}
      <div className="survey-designer__canvas">
        <QuestionCanvas
          definition={definition}
          selectedId={selectedId}
          problems={problems}
          onSelect={setSelectedId}
          onMove={(id, page, index) => change(moveQuestion(definition, id, { page, index }))}
          onShift={(id, delta) => change(shiftQuestion(definition, id, delta))}
          onDuplicate={(id) => {
            const copied = duplicateQuestion(definition, id);
            change(copied.definition);
            if (copied.id) setSelectedId(copied.id);
          }}
          onDelete={(id) => {
            change(deleteQuestion(definition, id));
            if (id === selectedId) setSelectedId(undefined);
          }}
          onSplit={(page, index) => change(splitPage(definition, page, index))}
          onMerge={(page) => change(mergePage(definition, page))}
          onPageTitle={(page, title) => change(updatePage(definition, page, title))}
        />
      </div>
      {editor}
    </div>
  );

  const ruleProblemCount = [...problems.rules.values()].reduce((n, list) => n + list.length, 0);
  const questionProblemCount = [...problems.questions.values(), ...problems.pages.values()].reduce((n, list) => n + list.length, 0);
  const label = (text: string, count: number) =>
    count > 0 ? (
      <Badge count={count} size="small" offset={[8, -2]}>
        {text}
      </Badge>
    ) : (
      text
    );

  return (
    <div className="survey-designer">
      <Flex className="survey-designer__head" gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={4} className="survey-designer__title">
            {definition.title || T.editTitle}
          </Typography.Title>
          <Tag color={SURVEY_STATUS_COLORS[saved.status]}>{SURVEY_STATUS_LABELS[saved.status]}</Tag>
          <Tag>{SurveyTexts.kinds[definition.kind]}</Tag>
          {isDirty && <Typography.Text type="warning">{T.unsaved}</Typography.Text>}
          {!isDirty && saved.changed_since_release && saved.version_no > 0 && (
            <Typography.Text type="secondary">{T.changedSinceRelease}</Typography.Text>
          )}
        </Flex>
        <Flex gap={8} wrap className="survey-designer__actions">
          <Button icon={<ArrowLeftOutlined />} data-leave="" onClick={() => void navigate(T.managePath)}>
            {T.back}
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => setIsPreviewOpen(true)}>
            {T.preview}
          </Button>
          <Button
            aria-label={T.save}
            icon={<SaveOutlined />}
            loading={save.isPending && !release.isPending}
            disabled={isBusy}
            onClick={() => void handleSave()}
          >
            {T.save}
          </Button>
          {canRelease && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={release.isPending}
              disabled={isBusy}
              onClick={() => void handleRelease()}
            >
              {isDirty ? T.saveAndRelease : T.release}
            </Button>
          )}
        </Flex>
      </Flex>
      {serverErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="survey-designer__problems"
          message={T.problems(serverErrors.length)}
          description={
            // Problems of no question (the title, the deadline, the targets) are spelled out here; a question's stand at it.
            outsideQuestions.length > 0
              ? outsideQuestions.map((problem) => <div key={problem.key + problem.message}>{messageText(problem.message)}</div>)
              : undefined
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'design', label: label(T.tabDesign, questionProblemCount), children: design },
          {
            key: 'settings',
            label: label(T.tabSettings, problems.settings.length),
            children: (
              <SettingsPanel
                definition={definition}
                deadline={deadline}
                isKindLocked={saved.version_no > 0}
                problems={problems.settings.filter((p) => p.field !== 'targets')}
                onChange={change}
                onDeadline={(next) => {
                  setDeadline(next);
                  setIsDirty(true);
                }}
              />
            ),
          },
          { key: 'targets', label: T.tabTargets, children: <TargetsPanel surveyId={survey.id} isReleased={saved.version_no > 0} /> },
          {
            key: 'rules',
            label: label(T.tabRules, ruleProblemCount),
            children: (
              <RulesPanel definition={definition} serverProblems={problems.rules} onChange={(rules) => change({ ...definition, rules })} />
            ),
          },
        ]}
      />
      {isPreviewOpen && <PreviewDialog definition={definition} isPhoneFirst={isMobile} onClose={() => setIsPreviewOpen(false)} />}
    </div>
  );
}

/** 预览: the definition on screen as a respondent sees it (W2's SurveyForm in preview mode), at desktop or phone width. */
function PreviewDialog({
  definition,
  isPhoneFirst,
  onClose,
}: {
  definition: SurveyDefinition;
  isPhoneFirst: boolean;
  onClose: () => void;
}) {
  const [width, setWidth] = useState<'desktop' | 'phone'>(isPhoneFirst ? 'phone' : 'desktop');
  return (
    <Modal open title={T.previewTitle} footer={null} width={960} onCancel={onClose} destroyOnHidden className="survey-preview">
      <Segmented
        value={width}
        onChange={(value) => setWidth(value as 'desktop' | 'phone')}
        options={[
          { value: 'desktop', label: T.previewDesktop },
          { value: 'phone', label: T.previewPhone },
        ]}
      />
      <div className={width === 'phone' ? 'survey-preview__frame survey-preview__frame--phone' : 'survey-preview__frame'}>
        <SurveyForm definition={definition} mode="preview" />
      </div>
    </Modal>
  );
}

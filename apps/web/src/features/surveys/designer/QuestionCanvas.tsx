import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined, ScissorOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Empty, Flex, Input, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import {
  SortTexts,
  SURVEY_TITLE_MAX,
  SurveyDesignerTexts,
  SurveyTexts,
  type SurveyDefinition,
  type SurveyPage,
  type SurveyQuestion,
} from '@osp/shared';
import type { ReactNode } from 'react';
import { messageText } from '../../../components/HtmlMessage';
import '../../../components/sortable-list.css';
import type { ProblemIndex } from './designer-state';

const T = SurveyDesignerTexts;

interface QuestionCanvasProps {
  definition: SurveyDefinition;
  selectedId: string | undefined;
  problems: ProblemIndex;
  onSelect: (questionId: string) => void;
  onMove: (questionId: string, page: number, index: number) => void;
  onShift: (questionId: string, delta: -1 | 1) => void;
  onDuplicate: (questionId: string) => void;
  onDelete: (questionId: string) => void;
  onSplit: (page: number, index: number) => void;
  onMerge: (page: number) => void;
  onPageTitle: (page: number, title: string) => void;
}

/** The middle column: each page with its questions in order; a question is dragged by its handle within its page. */
export function QuestionCanvas(props: QuestionCanvasProps) {
  const { definition, problems } = props;
  let number = 0;
  const numbers = new Map<string, number>();
  for (const page of definition.pages)
    for (const question of page.questions) if (question.type !== 'description') numbers.set(question.id, (number += 1));
  const total = definition.pages.reduce((sum, page) => sum + page.questions.length, 0);
  // The place of each page's first question in the whole survey (上移 stops at the first, 下移 at the last).
  const firstIndexes = definition.pages.map((_page, pageIndex) =>
    definition.pages.slice(0, pageIndex).reduce((sum, page) => sum + page.questions.length, 0),
  );
  return (
    <div className="survey-canvas">
      {definition.pages.map((page, pageIndex) => {
        const firstIndex = firstIndexes[pageIndex] ?? 0;
        return (
          <section key={page.id} className="survey-canvas__page" aria-label={T.pageLabel(pageIndex + 1, definition.pages.length)}>
            <Flex className="survey-canvas__page-head" align="center" gap={8} wrap>
              <Typography.Text strong>{T.pageLabel(pageIndex + 1, definition.pages.length)}</Typography.Text>
              <Input
                size="small"
                variant="borderless"
                className="survey-canvas__page-title"
                maxLength={SURVEY_TITLE_MAX}
                placeholder={T.pageTitlePlaceholder}
                aria-label={T.pageTitlePlaceholder}
                value={page.title ?? ''}
                onChange={(event) => props.onPageTitle(pageIndex, event.target.value)}
              />
              {pageIndex > 0 && (
                <Button size="small" type="text" icon={<ScissorOutlined />} onClick={() => props.onMerge(pageIndex)}>
                  {T.mergePage}
                </Button>
              )}
            </Flex>
            {(problems.pages.get(pageIndex) ?? []).map((message) => (
              <Typography.Text key={message} type="danger" className="survey-canvas__problem">
                {messageText(message)}
              </Typography.Text>
            ))}
            {page.questions.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.emptyPage} />
            ) : (
              <PageQuestions {...props} page={page} pageIndex={pageIndex} numbers={numbers} firstIndex={firstIndex} total={total} />
            )}
          </section>
        );
      })}
    </div>
  );
}

function PageQuestions({
  page,
  pageIndex,
  numbers,
  firstIndex,
  total,
  selectedId,
  problems,
  onSelect,
  onMove,
  onShift,
  onDuplicate,
  onDelete,
  onSplit,
}: QuestionCanvasProps & { page: SurveyPage; pageIndex: number; numbers: Map<string, number>; firstIndex: number; total: number }) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = page.questions.map((q) => q.id);
  const titleOf = (id: unknown) => page.questions.find((q) => q.id === id)?.title ?? '';
  const positionOf = (id: unknown) => ids.indexOf(String(id)) + 1;
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), pageIndex, ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => SortTexts.dragPicked(titleOf(active.id)),
          onDragOver: ({ active, over }) => (over ? SortTexts.dragOver(titleOf(active.id), positionOf(over.id)) : undefined),
          onDragEnd: ({ active, over }) => (over ? SortTexts.dragDropped(titleOf(active.id), positionOf(over.id)) : undefined),
          onDragCancel: ({ active }) => SortTexts.dragCancelled(titleOf(active.id)),
        },
        screenReaderInstructions: { draggable: SortTexts.dragInstructions },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="survey-canvas__questions" aria-label={T.questionList(pageIndex + 1)}>
          {page.questions.map((question, index) => {
            const place = firstIndex + index;
            const questionProblems = problems.questions.get(question.id) ?? [];
            return (
              <SortableQuestion key={question.id} question={question}>
                {(handle) => (
                  <div
                    className={[
                      'survey-canvas__question',
                      question.id === selectedId ? 'survey-canvas__question--selected' : '',
                      questionProblems.length > 0 ? 'survey-canvas__question--invalid' : '',
                    ].join(' ')}
                    data-question-id={question.id}
                  >
                    <Flex gap={4} align="flex-start">
                      {handle}
                      <button
                        type="button"
                        className="survey-canvas__select"
                        onClick={() => onSelect(question.id)}
                        aria-pressed={question.id === selectedId}
                      >
                        <QuestionSummary question={question} number={numbers.get(question.id)} />
                      </button>
                    </Flex>
                    {questionProblems.map((problem) => (
                      <Typography.Text key={`${problem.field}${problem.message}`} type="danger" className="survey-canvas__problem">
                        {messageText(problem.message)}
                      </Typography.Text>
                    ))}
                    <Flex className="survey-canvas__tools" gap={2} wrap justify="flex-end">
                      <Tooltip title={T.moveUp}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          aria-label={T.moveUp}
                          disabled={place === 0}
                          onClick={() => onShift(question.id, -1)}
                        />
                      </Tooltip>
                      <Tooltip title={T.moveDown}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          aria-label={T.moveDown}
                          disabled={place === total - 1}
                          onClick={() => onShift(question.id, 1)}
                        />
                      </Tooltip>
                      {index > 0 && (
                        <Tooltip title={T.splitHere}>
                          <Button
                            size="small"
                            type="text"
                            icon={<ScissorOutlined />}
                            aria-label={T.splitHere}
                            onClick={() => onSplit(pageIndex, index)}
                          />
                        </Tooltip>
                      )}
                      <Tooltip title={T.duplicate}>
                        <Button
                          size="small"
                          type="text"
                          icon={<CopyOutlined />}
                          aria-label={T.duplicate}
                          onClick={() => onDuplicate(question.id)}
                        />
                      </Tooltip>
                      <Popconfirm
                        title={T.confirmRemoveQuestion}
                        okText={T.removeQuestion}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(question.id)}
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={T.removeQuestion} />
                      </Popconfirm>
                    </Flex>
                  </div>
                )}
              </SortableQuestion>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableQuestion({ question, children }: { question: SurveyQuestion; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="sortable-list__handle"
      {...attributes}
      {...listeners}
      aria-label={SortTexts.dragHandle(question.title)}
    >
      <HolderOutlined />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      aria-label={question.title}
      className={isDragging ? 'survey-canvas__item survey-canvas__item--dragging' : 'survey-canvas__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

/** What the card shows of a question: its number, title, type, 必答, and its options or rows at a glance. */
function QuestionSummary({ question, number }: { question: SurveyQuestion; number: number | undefined }) {
  const labels =
    'options' in question ? question.options.map((o) => o.label) : question.type === 'matrix' ? question.rows.map((r) => r.label) : [];
  return (
    <Flex vertical gap={4} className="survey-canvas__summary">
      <Flex gap={6} align="baseline" wrap>
        {question.required && <span className="survey-canvas__required">*</span>}
        {number !== undefined && <span className="survey-canvas__number">{number}.</span>}
        <span className="survey-canvas__title">{question.title}</span>
        <Tag className="survey-canvas__type">{SurveyTexts.questionTypes[question.type]}</Tag>
      </Flex>
      {labels.length > 0 && (
        <Flex gap={4} wrap className="survey-canvas__labels">
          {labels.slice(0, 8).map((label, index) => (
            <span key={`${index}${label}`} className="survey-canvas__label">
              {label}
            </span>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined, ScissorOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { SortTexts, SurveyDesignerTexts, SurveyTexts, type SurveyQuestion } from '@osp/shared';
import { messageText } from '../../../components/HtmlMessage';

const T = SurveyDesignerTexts;

export interface QuestionCardProps {
  question: SurveyQuestion;
  /** Its number in the survey (descriptions have none). */
  number: number | undefined;
  /** Its index on its page (a 分页符 can go before any but the first). */
  index: number;
  pageIndex: number;
  isSelected: boolean;
  isFirst: boolean;
  isLast: boolean;
  problems: readonly { field: string; message: string }[];
  onSelect: (questionId: string) => void;
  onShift: (questionId: string, delta: -1 | 1) => void;
  onDuplicate: (questionId: string) => void;
  onDelete: (questionId: string) => void;
  onSplit: (page: number, index: number) => void;
}

/**
 * One question on the canvas: dragged by its handle (within its page or onto another, QuestionCanvas), selected by
 * a click, and its tools — 上移 / 下移 (the keyboard's way across pages as well), 分页符 before it, 复制, 删除.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { question, number, index, pageIndex, isSelected, problems } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id });
  return (
    <li
      ref={setNodeRef}
      aria-label={question.title}
      className={isDragging ? 'survey-canvas__item survey-canvas__item--dragging' : 'survey-canvas__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div
        className={[
          'survey-canvas__question',
          isSelected ? 'survey-canvas__question--selected' : '',
          problems.length > 0 ? 'survey-canvas__question--invalid' : '',
        ].join(' ')}
        data-question-id={question.id}
      >
        <Flex gap={4} align="flex-start">
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
          <button type="button" className="survey-canvas__select" onClick={() => props.onSelect(question.id)} aria-pressed={isSelected}>
            <QuestionSummary question={question} number={number} />
          </button>
        </Flex>
        {problems.map((problem) => (
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
              disabled={props.isFirst}
              onClick={() => props.onShift(question.id, -1)}
            />
          </Tooltip>
          <Tooltip title={T.moveDown}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={T.moveDown}
              disabled={props.isLast}
              onClick={() => props.onShift(question.id, 1)}
            />
          </Tooltip>
          {index > 0 && (
            <Tooltip title={T.splitHere}>
              <Button
                size="small"
                type="text"
                icon={<ScissorOutlined />}
                aria-label={T.splitHere}
                onClick={() => props.onSplit(pageIndex, index)}
              />
            </Tooltip>
          )}
          <Tooltip title={T.duplicate}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={T.duplicate}
              onClick={() => props.onDuplicate(question.id)}
            />
          </Tooltip>
          <Popconfirm
            title={T.confirmRemoveQuestion}
            okText={T.removeQuestion}
            okButtonProps={{ danger: true }}
            onConfirm={() => props.onDelete(question.id)}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={T.removeQuestion} />
          </Popconfirm>
        </Flex>
      </div>
    </li>
  );
}

/** The card that follows the pointer while a question is dragged (its place in the list stays faded meanwhile). */
export function DraggedQuestion({ question, number }: { question: SurveyQuestion; number: number | undefined }) {
  return (
    <div className="survey-canvas__question survey-canvas__question--dragged">
      <Flex gap={4} align="flex-start">
        <span className="sortable-list__handle">
          <HolderOutlined />
        </span>
        <QuestionSummary question={question} number={number} />
      </Flex>
    </div>
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

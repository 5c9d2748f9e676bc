import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { SurveyFillTexts, type SurveyQuestionOf } from '@osp/shared';
import { moveItem, rankingOrder } from './survey-form-logic';

interface RankingInputProps {
  question: SurveyQuestionOf<'ranking'>;
  /** Per option id, whether the rules show it. */
  shown: Record<string, boolean>;
  value: unknown;
  onChange: (order: string[]) => void;
  isDisabled: boolean;
  labelId: string;
}

interface RankingRowProps {
  id: string;
  label: string;
  index: number;
  count: number;
  isDisabled: boolean;
  onMove: (from: number, to: number) => void;
}

function RankingRow({ id, label, index, count, isDisabled, onMove }: RankingRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: isDisabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'survey-ranking__item survey-ranking__item--dragging' : 'survey-ranking__item'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="survey-ranking__handle"
        aria-label={SurveyFillTexts.rankingDrag(label)}
        disabled={isDisabled}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <span className="survey-ranking__position">{index + 1}</span>
      <span className="survey-ranking__label">{label}</span>
      <Button
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={SurveyFillTexts.rankingUp(label)}
        disabled={isDisabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={SurveyFillTexts.rankingDown(label)}
        disabled={isDisabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
    </li>
  );
}

/**
 * 排序题: the shown options in the respondent's order. A row is dragged by its handle (mouse, finger, or the keyboard:
 * space, arrows, space) or moved with its 上移/下移 buttons. Until the respondent moves something or accepts the
 * order as it stands, the question is unanswered: a ranking left as offered is not an opinion.
 */
export function RankingInput({ question, shown, value, onChange, isDisabled, labelId }: RankingInputProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // A short press before a finger drags, so that the page still scrolls under a swipe.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = rankingOrder(
    question.options.map((o) => o.id),
    shown,
    value,
  );
  const labelOf = (id: UniqueIdentifier) => question.options.find((o) => o.id === id)?.label ?? '';
  const positionOf = (id: UniqueIdentifier) => order.indexOf(String(id)) + 1;
  const isAnswered = Array.isArray(value) && value.length > 0;
  const move = (from: number, to: number) => onChange(moveItem(order, from, to));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = order.indexOf(String(active.id));
    const to = order.indexOf(String(over.id));
    if (from !== to || !isAnswered) onChange(moveItem(order, from, to));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => SurveyFillTexts.rankingPicked(labelOf(active.id)),
    onDragOver: ({ active, over }) => (over ? SurveyFillTexts.rankingOver(labelOf(active.id), positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? SurveyFillTexts.rankingDropped(labelOf(active.id), positionOf(over.id)) : undefined),
    onDragCancel: ({ active }) => SurveyFillTexts.rankingCancelled(labelOf(active.id)),
  };

  return (
    <div className="survey-ranking">
      <div className="survey-question__hint">{SurveyFillTexts.rankingHint}</div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements }}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol
            className={isAnswered ? 'survey-ranking__list' : 'survey-ranking__list survey-ranking__list--unanswered'}
            aria-labelledby={labelId}
          >
            {order.map((id, index) => (
              <RankingRow key={id} id={id} label={labelOf(id)} index={index} count={order.length} isDisabled={isDisabled} onMove={move} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {!isAnswered && !isDisabled && (
        <div className="survey-ranking__accept">
          <span className="survey-question__hint">{SurveyFillTexts.rankingUnanswered}</span>
          <Button size="small" onClick={() => onChange(order)}>
            {SurveyFillTexts.rankingAccept}
          </Button>
        </div>
      )}
    </div>
  );
}

import { ScissorOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Empty, Flex, Input, Typography } from 'antd';
import { SortTexts, SURVEY_TITLE_MAX, SurveyDesignerTexts, type SurveyDefinition, type SurveyPage } from '@osp/shared';
import { useRef, useState, type ReactNode } from 'react';
import { messageText } from '../../../components/HtmlMessage';
import '../../../components/sortable-list.css';
import { dropPlace, dropQuestion, findQuestion, questionById, type ProblemIndex } from './designer-state';
import { DraggedQuestion, QuestionCard } from './QuestionCard';

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

/** The pages' places are measured again as they reflow while a question crosses between them. */
const MEASURING = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

/** Whether the dragged card's top is past the middle of what it is over (it then lands after it, on another page). */
function isBelow(active: Active, over: Over): boolean {
  const rect = active.rect.current.translated;
  return rect !== null && rect.top > over.rect.top + over.rect.height / 2;
}

/**
 * The middle column: each page with its questions in order. A question is dragged by its handle within its page or
 * onto another page (an empty one too); while it is dragged the canvas shows it on the page it is over (`dragged`, the
 * definition as it would be), and the drop hands its final place to onMove. The keyboard drags the same way (space,
 * arrows, space), and 上移 / 下移 cross pages too.
 */
export function QuestionCanvas(props: QuestionCanvasProps) {
  const { definition, onMove } = props;
  const [dragged, setDragged] = useState<{ id: string; definition: SurveyDefinition; isByKeyboard: boolean } | null>(null);
  /** The last place the pointer was over: while the pages reflow after a crossing, nothing may be under it. */
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  /** Where the pointer (or, by keyboard, the card) was when the collision was last worked out… */
  const lastPosition = useRef('');
  /**
   * …and where it was when the question last crossed onto another page. The pages reflow under a pointer that has not
   * moved, and what it is over may change with them: until it moves, the question stays where it went (else the reflow
   * could carry it back, and back again, for ever).
   */
  const crossedAt = useRef<string | null>(null);
  const shown = dragged?.definition ?? definition;
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /**
   * What a question is over: the pointer's page or question (the keyboard has no pointer: the card's rectangle); a
   * page that has questions is narrowed to its question nearest the card, so a drop lands beside it.
   */
  const collision: CollisionDetection = (args) => {
    const at = args.pointerCoordinates ?? { x: args.collisionRect.left, y: args.collisionRect.top };
    lastPosition.current = `${at.x},${at.y}`;
    if (crossedAt.current === lastPosition.current) return [{ id: args.active.id }];
    crossedAt.current = null;
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    let overId = hits[0]?.id;
    const page = shown.pages.find((p) => p.id === overId);
    if (page && page.questions.length > 0) {
      const ids = new Set<UniqueIdentifier>(page.questions.map((q) => q.id));
      overId = closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => ids.has(c.id)) })[0]?.id ?? overId;
    }
    if (overId !== undefined) lastOverId.current = overId;
    return lastOverId.current === null ? [] : [{ id: lastOverId.current }];
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || !dragged) return;
    const from = findQuestion(dragged.definition, dragged.id);
    const place = dropPlace(dragged.definition, dragged.id, String(over.id), isBelow(active, over));
    // Within its page the sortable list shows the new order itself; a crossing moves it onto the other page.
    if (from && place && place.page !== from.page) {
      crossedAt.current = lastPosition.current;
      setDragged({ ...dragged, definition: dropQuestion(dragged.definition, dragged.id, String(over.id), isBelow(active, over)) });
    }
  };

  const handleDragEnd = ({ over }: DragEndEvent) => {
    const current = dragged;
    setDragged(null);
    if (!current || !over) return;
    const landed = findQuestion(dropQuestion(current.definition, current.id, String(over.id)), current.id);
    const before = findQuestion(definition, current.id);
    if (landed && (landed.page !== before?.page || landed.index !== before.index)) onMove(current.id, landed.page, landed.index);
  };

  const titleOf = (id: UniqueIdentifier) => questionById(shown, String(id))?.title ?? '';
  const placeText = (id: UniqueIdentifier, overId: UniqueIdentifier, say: (name: string, page: number, position: number) => string) => {
    const place = dropPlace(shown, String(id), String(overId));
    return place ? say(titleOf(id), place.page + 1, place.index + 1) : undefined;
  };
  const draggedQuestion = dragged ? questionById(shown, dragged.id) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      measuring={MEASURING}
      onDragStart={({ active, activatorEvent }) => {
        lastOverId.current = null;
        crossedAt.current = null;
        setDragged({ id: String(active.id), definition, isByKeyboard: activatorEvent instanceof KeyboardEvent });
      }}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => SortTexts.dragPicked(titleOf(active.id)),
          onDragOver: ({ active, over }) => (over ? placeText(active.id, over.id, T.dragOverPlace) : undefined),
          onDragEnd: ({ active, over }) => (over ? placeText(active.id, over.id, T.dragDroppedPlace) : undefined),
          onDragCancel: ({ active }) => SortTexts.dragCancelled(titleOf(active.id)),
        },
        screenReaderInstructions: { draggable: T.dragInstructions },
      }}
    >
      <Pages {...props} definition={shown} isByKeyboard={dragged?.isByKeyboard ?? false} />
      <DragOverlay>
        {draggedQuestion ? <DraggedQuestion question={draggedQuestion} number={numbersOf(shown).get(draggedQuestion.id)} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** Each question's number in the survey (descriptions have none). */
function numbersOf(definition: SurveyDefinition): Map<string, number> {
  let number = 0;
  const numbers = new Map<string, number>();
  for (const page of definition.pages)
    for (const question of page.questions) if (question.type !== 'description') numbers.set(question.id, (number += 1));
  return numbers;
}

/**
 * `isByKeyboard`: a keyboard drag steps from question to question (and onto empty pages), so a page that has
 * questions takes no drop of its own then — the arrow keys would stop at its edge.
 */
function Pages(props: QuestionCanvasProps & { isByKeyboard: boolean }) {
  const { definition, problems, selectedId } = props;
  const numbers = numbersOf(definition);
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
          <PageDrop
            key={page.id}
            page={page}
            pageIndex={pageIndex}
            pages={definition.pages.length}
            isDisabled={props.isByKeyboard && page.questions.length > 0}
            props={props}
          >
            {page.questions.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.emptyPage} />
            ) : (
              <SortableContext items={page.questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
                <ul className="survey-canvas__questions" aria-label={T.questionList(pageIndex + 1)}>
                  {page.questions.map((question, index) => (
                    <QuestionCard
                      key={question.id}
                      question={question}
                      number={numbers.get(question.id)}
                      index={index}
                      pageIndex={pageIndex}
                      isSelected={question.id === selectedId}
                      isFirst={firstIndex + index === 0}
                      isLast={firstIndex + index === total - 1}
                      problems={problems.questions.get(question.id) ?? []}
                      onSelect={props.onSelect}
                      onShift={props.onShift}
                      onDuplicate={props.onDuplicate}
                      onDelete={props.onDelete}
                      onSplit={props.onSplit}
                    />
                  ))}
                </ul>
              </SortableContext>
            )}
          </PageDrop>
        );
      })}
    </div>
  );
}

/** One page: its head (number, title, 删除分页符), its problems, and its questions — the whole page takes a drop. */
function PageDrop({
  page,
  pageIndex,
  pages,
  isDisabled,
  props,
  children,
}: {
  page: SurveyPage;
  pageIndex: number;
  pages: number;
  isDisabled: boolean;
  props: QuestionCanvasProps;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: page.id, disabled: isDisabled });
  return (
    <section
      ref={setNodeRef}
      className={isOver ? 'survey-canvas__page survey-canvas__page--over' : 'survey-canvas__page'}
      aria-label={T.pageLabel(pageIndex + 1, pages)}
      data-page-id={page.id}
    >
      <Flex className="survey-canvas__page-head" align="center" gap={8} wrap>
        <Typography.Text strong>{T.pageLabel(pageIndex + 1, pages)}</Typography.Text>
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
      {(props.problems.pages.get(pageIndex) ?? []).map((message) => (
        <Typography.Text key={message} type="danger" className="survey-canvas__problem">
          {messageText(message)}
        </Typography.Text>
      ))}
      {children}
    </section>
  );
}

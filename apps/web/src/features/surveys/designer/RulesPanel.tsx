import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Empty, Flex, Input, InputNumber, Select, Typography } from 'antd';
import {
  checkSurveyRules,
  SURVEY_CONDITION_DEPTH_MAX,
  SURVEY_JUMP_END,
  SurveyDesignerTexts,
  surveyOperatorTable,
  surveyQuestions,
  SurveyTexts,
  type SurveyAction,
  type SurveyCompare,
  type SurveyCondition,
  type SurveyConditionGroup,
  type SurveyConditionValue,
  type SurveyDefinition,
  type SurveyOperator,
  type SurveyQuestion,
  type SurveyRule,
} from '@osp/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { messageText } from '../../../components/HtmlMessage';
import { DeptPicker } from '../../../components/pickers';
import { newRule } from './designer-state';

const T = SurveyDesignerTexts;

interface RulesPanelProps {
  definition: SurveyDefinition;
  /** The server's refusals of the last save, by rule index. */
  serverProblems: Map<number, string[]>;
  onChange: (rules: SurveyRule[]) => void;
}

interface Context {
  definition: SurveyDefinition;
  questions: SurveyQuestion[];
  byId: Map<string, SurveyQuestion>;
  numbers: Map<string, number>;
}

/**
 * 逻辑规则: each rule is an AND/OR group of comparisons (groups nest) and a list of actions. The operators offered are
 * exactly surveyOperatorTable's for the question (or matrix row), and the value input fits what the operator compares
 * with. Rules are part of the definition and saved with it; checkSurveyRules says what is wrong as the author goes.
 */
export function RulesPanel({ definition, serverProblems, onChange }: RulesPanelProps) {
  const context = useMemo<Context>(() => {
    const questions = surveyQuestions(definition).map(({ question }) => question);
    return { definition, questions, byId: new Map(questions.map((q) => [q.id, q])), numbers: new Map(questions.map((q, i) => [q.id, i])) };
  }, [definition]);
  const problems = useMemo(() => {
    const byRule = new Map<number, string[]>();
    for (const problem of checkSurveyRules(definition)) {
      const index = Number(problem.path[1]);
      byRule.set(index, [...(byRule.get(index) ?? []), problem.message]);
    }
    return byRule;
  }, [definition]);
  const rules = definition.rules;
  const setRule = (index: number, rule: SurveyRule) => onChange(rules.map((r, i) => (i === index ? rule : r)));

  if (context.questions.length === 0) return <Empty description={T.noQuestionsForRules} />;
  return (
    <Flex vertical gap={12} className="survey-rules">
      <Typography.Paragraph type="secondary">{T.rulesIntro}</Typography.Paragraph>
      {rules.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noRules} />}
      {rules.map((rule, index) => {
        const shown = [...new Set([...(problems.get(index) ?? []), ...(serverProblems.get(index) ?? [])])];
        return (
          <Card
            key={rule.id}
            size="small"
            className="survey-rules__rule"
            title={T.ruleLabel(index + 1)}
            aria-label={T.ruleLabel(index + 1)}
            extra={
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange(rules.filter((r) => r.id !== rule.id))}
              >
                {T.removeRule}
              </Button>
            }
          >
            {shown.length > 0 && (
              <Alert
                type="error"
                showIcon
                className="survey-rules__problems"
                message={shown.map((m) => (
                  <div key={m}>{messageText(m)}</div>
                ))}
              />
            )}
            <Typography.Text strong>{T.ruleWhen}</Typography.Text>
            <GroupEditor context={context} group={rule.when} depth={0} onChange={(when) => setRule(index, { ...rule, when })} />
            <Typography.Text strong>{T.ruleThen}</Typography.Text>
            <Flex vertical gap={6} className="survey-rules__actions">
              {rule.actions.map((action, a) => (
                <ActionEditor
                  key={a}
                  context={context}
                  action={action}
                  onChange={(next) => setRule(index, { ...rule, actions: rule.actions.map((x, i) => (i === a ? next : x)) })}
                  onRemove={() => setRule(index, { ...rule, actions: rule.actions.filter((_, i) => i !== a) })}
                />
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                className="survey-rules__add"
                onClick={() => setRule(index, { ...rule, actions: [...rule.actions, { type: 'show_question', questionId: '' }] })}
              >
                {T.addAction}
              </Button>
            </Flex>
          </Card>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...rules, newRule()])}>
        {T.addRule}
      </Button>
    </Flex>
  );
}

const GROUP_OPS = (['and', 'or'] as const).map((op) => ({ value: op, label: SurveyTexts.groupOps[op] }));

function GroupEditor({
  context,
  group,
  depth,
  onChange,
  onRemove,
}: {
  context: Context;
  group: SurveyConditionGroup;
  depth: number;
  onChange: (group: SurveyConditionGroup) => void;
  onRemove?: () => void;
}) {
  const setItem = (index: number, item: SurveyCondition) =>
    onChange({ ...group, items: group.items.map((x, i) => (i === index ? item : x)) });
  const removeItem = (index: number) => onChange({ ...group, items: group.items.filter((_, i) => i !== index) });
  return (
    <div className={depth === 0 ? 'survey-rules__group' : 'survey-rules__group survey-rules__group--nested'}>
      <Flex gap={8} align="center" wrap>
        <Select<'and' | 'or'>
          size="small"
          aria-label={T.groupOp}
          value={group.op}
          options={GROUP_OPS}
          popupMatchSelectWidth={false}
          onChange={(op) => onChange({ ...group, op })}
        />
        {onRemove && (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
            {T.removeGroup}
          </Button>
        )}
      </Flex>
      {/* Conditions and actions carry no ids (the definition has none for them): their place is their key. */}
      <Flex vertical gap={6} className="survey-rules__items">
        {group.items.map((item, index) =>
          item.kind === 'group' ? (
            <GroupEditor
              key={index}
              context={context}
              group={item}
              depth={depth + 1}
              onChange={(next) => setItem(index, next)}
              onRemove={() => removeItem(index)}
            />
          ) : (
            <CompareEditor
              key={index}
              context={context}
              compare={item}
              onChange={(next) => setItem(index, next)}
              onRemove={() => removeItem(index)}
            />
          ),
        )}
      </Flex>
      <Flex gap={8} wrap>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange({ ...group, items: [...group.items, { kind: 'compare', questionId: '', operator: 'answered' }] })}
        >
          {T.addCondition}
        </Button>
        {depth + 1 < SURVEY_CONDITION_DEPTH_MAX && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              onChange({
                ...group,
                items: [
                  ...group.items,
                  {
                    kind: 'group',
                    op: group.op === 'and' ? 'or' : 'and',
                    items: [{ kind: 'compare', questionId: '', operator: 'answered' }],
                  },
                ],
              })
            }
          >
            {T.addGroup}
          </Button>
        )}
      </Flex>
    </div>
  );
}

/** The questions offered, each named by its place in the whole survey (as the canvas numbers them) and title. */
function questionOptions(context: Context, questions: readonly SurveyQuestion[]) {
  return questions.map((q) => ({ value: q.id, label: `${(context.numbers.get(q.id) ?? 0) + 1}. ${q.title}` }));
}

function CompareEditor({
  context,
  compare,
  onChange,
  onRemove,
}: {
  context: Context;
  compare: SurveyCompare;
  onChange: (compare: SurveyCompare) => void;
  onRemove: () => void;
}) {
  const question = context.byId.get(compare.questionId);
  const table = question ? surveyOperatorTable(question, compare.rowId !== undefined) : {};
  const operators = Object.keys(table) as SurveyOperator[];
  const kind = table[compare.operator];
  const sources = context.questions.filter((q) => Object.keys(surveyOperatorTable(q, false)).length > 0);
  return (
    <Flex gap={6} wrap align="center" className="survey-rules__compare">
      <Select<string>
        size="small"
        showSearch={{ optionFilterProp: 'label' }}
        className="survey-rules__question"
        aria-label={T.pickQuestion}
        placeholder={T.pickQuestion}
        value={question ? compare.questionId : undefined}
        options={questionOptions(context, sources)}
        popupMatchSelectWidth={false}
        onChange={(questionId) => {
          const next = context.byId.get(questionId);
          const first = next ? (Object.keys(surveyOperatorTable(next, false))[0] as SurveyOperator | undefined) : undefined;
          onChange({ kind: 'compare', questionId, operator: first ?? 'answered' });
        }}
      />
      {question?.type === 'matrix' && (
        <Select<string>
          size="small"
          aria-label={T.pickRow}
          value={compare.rowId ?? ''}
          options={[{ value: '', label: T.pickRow }, ...question.rows.map((r) => ({ value: r.id, label: r.label }))]}
          popupMatchSelectWidth={false}
          onChange={(rowId) =>
            onChange({ kind: 'compare', questionId: compare.questionId, rowId: rowId === '' ? undefined : rowId, operator: 'answered' })
          }
        />
      )}
      <Select<SurveyOperator>
        size="small"
        aria-label={T.pickOperator}
        value={operators.includes(compare.operator) ? compare.operator : undefined}
        placeholder={T.pickOperator}
        options={operators.map((op) => ({ value: op, label: SurveyTexts.operators[op] }))}
        popupMatchSelectWidth={false}
        onChange={(operator) => {
          const sameKind = table[operator] === kind;
          onChange({ ...compare, operator, value: sameKind ? compare.value : undefined });
        }}
      />
      {question && kind !== undefined && kind !== 'none' && (
        <ValueInput question={question} kind={kind} value={compare.value} onChange={(value) => onChange({ ...compare, value })} />
      )}
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={T.removeCondition} onClick={onRemove} />
    </Flex>
  );
}

function ValueInput({
  question,
  kind,
  value,
  onChange,
}: {
  question: SurveyQuestion;
  kind: string;
  value: SurveyConditionValue | undefined;
  onChange: (value: SurveyConditionValue | undefined) => void;
}) {
  const choices = 'options' in question ? question.options : question.type === 'matrix' ? question.columns : [];
  const choiceOptions = choices.map((o) => ({ value: o.id, label: o.label }));
  switch (kind) {
    case 'option':
      return (
        <Select<string>
          size="small"
          className="survey-rules__value"
          aria-label={T.pickValue}
          placeholder={T.pickOption}
          value={typeof value === 'string' ? value : undefined}
          options={choiceOptions}
          popupMatchSelectWidth={false}
          onChange={onChange}
        />
      );
    case 'options':
      return (
        <Select<string[]>
          size="small"
          mode="multiple"
          className="survey-rules__value"
          aria-label={T.pickValue}
          placeholder={T.pickOption}
          value={Array.isArray(value) ? value : []}
          options={choiceOptions}
          popupMatchSelectWidth={false}
          onChange={(next) => onChange(next.length === 0 ? undefined : next)}
        />
      );
    case 'string':
      return (
        <Input
          size="small"
          className="survey-rules__value"
          aria-label={T.pickValue}
          placeholder={T.pickValue}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      if (question.type === 'department')
        return (
          <DeptPicker
            className="survey-rules__value"
            aria-label={T.pickValue}
            value={typeof value === 'number' ? value : undefined}
            onChange={(next) => onChange(next)}
            popupMatchSelectWidth={false}
          />
        );
      return (
        <InputNumber
          size="small"
          className="survey-rules__value"
          aria-label={T.pickValue}
          placeholder={T.pickValue}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
    case 'date':
      return (
        <DatePicker
          size="small"
          aria-label={T.pickValue}
          value={typeof value === 'string' && value !== '' ? dayjs(value) : null}
          onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : undefined)}
        />
      );
    default:
      return null;
  }
}

const ACTION_TYPES = (['show_question', 'hide_question', 'require', 'show_option', 'hide_option', 'jump'] as const).map((type) => ({
  value: type,
  label: SurveyTexts.actions[type],
}));

function ActionEditor({
  context,
  action,
  onChange,
  onRemove,
}: {
  context: Context;
  action: SurveyAction;
  onChange: (action: SurveyAction) => void;
  onRemove: () => void;
}) {
  const setType = (type: SurveyAction['type']) => {
    if (type === 'jump') onChange({ type, target: '' });
    else if (type === 'show_option' || type === 'hide_option')
      onChange({ type, questionId: action.type === 'jump' ? '' : action.questionId, optionId: '' });
    else onChange({ type, questionId: action.type === 'jump' ? '' : action.questionId });
  };
  const isOption = action.type === 'show_option' || action.type === 'hide_option';
  const targets = context.questions.filter((q) =>
    isOption ? 'options' in q : action.type === 'require' ? q.type !== 'description' : true,
  );
  const target = action.type === 'jump' ? undefined : context.byId.get(action.questionId);
  return (
    <Flex gap={6} wrap align="center" className="survey-rules__action">
      <Select<SurveyAction['type']>
        size="small"
        aria-label={T.pickAction}
        value={action.type}
        options={ACTION_TYPES}
        popupMatchSelectWidth={false}
        onChange={setType}
      />
      {action.type === 'jump' ? (
        <Select<string>
          size="small"
          aria-label={T.pickPage}
          placeholder={T.pickPage}
          value={action.target === '' ? undefined : action.target}
          options={[
            ...context.definition.pages.map((page, i) => ({ value: page.id, label: T.pageName(i + 1, page.title ?? '') })),
            { value: SURVEY_JUMP_END, label: SurveyTexts.jumpEnd },
          ]}
          popupMatchSelectWidth={false}
          onChange={(next) => onChange({ type: 'jump', target: next })}
        />
      ) : (
        <Select<string>
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          className="survey-rules__question"
          aria-label={T.pickQuestion}
          placeholder={T.pickQuestion}
          value={target ? action.questionId : undefined}
          options={questionOptions(context, targets)}
          popupMatchSelectWidth={false}
          onChange={(questionId) => {
            if (action.type === 'show_option' || action.type === 'hide_option') onChange({ type: action.type, questionId, optionId: '' });
            else onChange({ type: action.type, questionId });
          }}
        />
      )}
      {isOption && target && 'options' in target && (
        <Select<string>
          size="small"
          aria-label={T.pickOption}
          placeholder={T.pickOption}
          value={action.optionId === '' ? undefined : action.optionId}
          options={target.options.map((o) => ({ value: o.id, label: o.label }))}
          popupMatchSelectWidth={false}
          onChange={(optionId) => onChange({ type: action.type, questionId: action.questionId, optionId })}
        />
      )}
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={T.removeAction} onClick={onRemove} />
    </Flex>
  );
}

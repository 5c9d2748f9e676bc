import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Radio, Select, Space } from 'antd';
import { FlowDesignerTexts as T, isRuleGroup, type Condition, type FormSchema, type RuleGroup } from '@osp/shared';
import { ValueInput, type PickedValue } from './pickers';
import {
  addGroup,
  addRule,
  fieldSubjects,
  isListOperator,
  newCondition,
  operatorLabel,
  operatorsFor,
  removeRule,
  ruleSubjects,
  setLogic,
  subjectOf,
  updateRule,
  withOperator,
  type RulePath,
  type RuleSubject,
} from './rule-model';
import type { DesignerDirectory } from './useDesignerNames';

interface RuleEditorProps {
  rules: RuleGroup;
  schema: FormSchema;
  lookups: DesignerDirectory;
  onChange: (next: RuleGroup) => void;
}

/** The value of one condition as the value input takes it. */
function pickedValue(condition: Condition): PickedValue {
  const v = condition.value;
  if (Array.isArray(v))
    return (v as readonly unknown[]).filter((x): x is string | number => typeof x === 'string' || typeof x === 'number');
  return typeof v === 'boolean' ? String(v) : v;
}

function ConditionRow({
  condition,
  path,
  subjects,
  schema,
  lookups,
  root,
  onChange,
}: {
  condition: Condition;
  path: RulePath;
  subjects: readonly RuleSubject[];
  schema: FormSchema;
  lookups: DesignerDirectory;
  root: RuleGroup;
  onChange: (next: RuleGroup) => void;
}) {
  const subject = subjectOf(condition, schema);
  const key = `fd-rule-${path.join('-')}`;
  const setCondition = (next: Condition) => onChange(updateRule(root, path, next));
  const setValue = (value: PickedValue) => {
    if (condition.on === 'field') setCondition({ ...condition, value });
    else setCondition({ ...condition, value: Array.isArray(value) ? value.map(Number) : Number(value) });
  };
  return (
    <div className="fd-rule">
      <div className="fd-rule__grid">
        <Form.Item label={T.conditionField} htmlFor={`${key}-field`} className="fd-rule__item">
          <Select
            id={`${key}-field`}
            showSearch={{ optionFilterProp: 'label' }}
            options={subjects.map((s) => ({ value: s.id, label: s.label }))}
            value={subject?.id}
            placeholder={condition.on === 'field' ? T.unknownField(condition.field) : undefined}
            onChange={(id: string) => {
              const next = subjects.find((s) => s.id === id);
              // A new subject starts afresh: the old operator and value may not fit it.
              if (next) setCondition(newCondition(next));
            }}
          />
        </Form.Item>
        {subject && (
          <>
            <Form.Item label={T.conditionOp} htmlFor={`${key}-op`} className="fd-rule__item">
              <Select
                id={`${key}-op`}
                options={operatorsFor(subject.kind).map((op) => ({ value: op, label: operatorLabel(subject, op) }))}
                value={condition.op}
                onChange={(op: Condition['op']) => setCondition(withOperator(condition, subject.kind, op))}
              />
            </Form.Item>
            <Form.Item label={T.conditionValue} htmlFor={`${key}-value`} className="fd-rule__item fd-rule__item--value">
              <ValueInput
                id={`${key}-value`}
                subject={subject}
                isList={isListOperator(subject.kind, condition.op)}
                jobs={lookups.jobs}
                isJobsLoading={lookups.isJobsLoading}
                value={pickedValue(condition)}
                onChange={setValue}
              />
            </Form.Item>
          </>
        )}
      </div>
      <Button
        className="fd-rule__remove"
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={T.removeCondition}
        title={T.removeCondition}
        onClick={() => onChange(removeRule(root, path))}
      />
    </div>
  );
}

function GroupView({
  group,
  path,
  root,
  subjects,
  schema,
  lookups,
  onChange,
}: {
  group: RuleGroup;
  path: RulePath;
  root: RuleGroup;
  subjects: readonly RuleSubject[];
  schema: FormSchema;
  lookups: DesignerDirectory;
  onChange: (next: RuleGroup) => void;
}) {
  const first = subjects[0];
  const isRoot = path.length === 0;
  return (
    <div className={isRoot ? 'fd-rules' : 'fd-rules fd-rules--group'}>
      {!isRoot && <div className="fd-rules__group-title">{T.group}</div>}
      {group.rules.length > 1 && (
        <Form.Item label={T.logic} className="fd-rules__logic">
          <Radio.Group
            aria-label={T.logic}
            value={group.logic}
            onChange={(e) => onChange(setLogic(root, path, e.target.value as 'and' | 'or'))}
            options={[
              { value: 'and', label: T.logicAnd },
              { value: 'or', label: T.logicOr },
            ]}
          />
        </Form.Item>
      )}
      {group.rules.map((rule, i) =>
        isRuleGroup(rule) ? (
          <GroupView
            key={i}
            group={rule}
            path={[...path, i]}
            root={root}
            subjects={subjects}
            schema={schema}
            lookups={lookups}
            onChange={onChange}
          />
        ) : (
          <ConditionRow
            key={i}
            condition={rule}
            path={[...path, i]}
            subjects={subjects}
            schema={schema}
            lookups={lookups}
            root={root}
            onChange={onChange}
          />
        ),
      )}
      {first && (
        <Space wrap>
          <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addRule(root, path, newCondition(first)))}>
            {T.addCondition}
          </Button>
          {/* One level of sub-groups is what people read; the model would take deeper ones. */}
          {isRoot && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addGroup(root, path, newCondition(first)))}>
              {T.addGroup}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}

/** The and/or rule builder over the form's fields and the initiator's department and job. */
export function RuleEditor({ rules, schema, lookups, onChange }: RuleEditorProps) {
  const subjects = ruleSubjects(schema);
  return (
    <>
      {fieldSubjects(schema).length === 0 && <Alert type="info" showIcon className="fd-drawer__alert" title={T.noRuleFields} />}
      <GroupView group={rules} path={[]} root={rules} subjects={subjects} schema={schema} lookups={lookups} onChange={onChange} />
    </>
  );
}

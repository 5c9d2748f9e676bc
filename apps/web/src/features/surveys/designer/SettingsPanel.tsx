import { Alert, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Radio } from 'antd';
import {
  SURVEY_ANONYMOUS_MIN_COUNT_MAX,
  SURVEY_DESCRIPTION_MAX,
  SURVEY_KINDS,
  SURVEY_TITLE_MAX,
  SurveyDesignerTexts,
  SurveyTexts,
  type SurveyDefinition,
  type SurveyKind,
  type SurveySettings,
} from '@osp/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { messageText } from '../../../components/HtmlMessage';
import { LabelList } from './QuestionEditor';

const T = SurveyDesignerTexts;
const SETTING_KEYS = ['anonymous', 'onePerPerson', 'editableUntilDeadline', 'publicLink'] as const;

interface SettingsPanelProps {
  definition: SurveyDefinition;
  deadline: string | null;
  /** A released survey keeps its kind: its answers were given to a survey of that kind. */
  isKindLocked: boolean;
  problems: readonly { field: string; message: string }[];
  onChange: (definition: SurveyDefinition) => void;
  onDeadline: (deadline: string | null) => void;
}

function errorsAt(problems: SettingsPanelProps['problems'], prefix: string): string[] {
  return problems.filter((p) => p.field === prefix || p.field.startsWith(`${prefix}.`)).map((p) => messageText(p.message));
}

function status(errors: string[]) {
  return errors.length > 0 ? { validateStatus: 'error' as const, help: errors.join('；') } : {};
}

/** 设置: the survey's title, description, deadline, how it is filled, and an evaluation's score dimensions. */
export function SettingsPanel({ definition, deadline, isKindLocked, problems, onChange, onDeadline }: SettingsPanelProps) {
  const setSettings = (patch: Partial<SurveySettings>) => onChange({ ...definition, settings: { ...definition.settings, ...patch } });
  const known = ['title', 'description', 'deadline', 'kind', 'settings', 'dimensions'];
  const others = problems.filter((p) => !known.some((k) => p.field === k || p.field.startsWith(`${k}.`)));
  return (
    <Form layout="vertical" component="div" className="survey-settings">
      {others.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={others.map((p) => (
            <div key={p.field + p.message}>{messageText(p.message)}</div>
          ))}
        />
      )}
      <Form.Item label={T.fieldKind} {...status(errorsAt(problems, 'kind'))}>
        <Radio.Group
          optionType="button"
          disabled={isKindLocked}
          value={definition.kind}
          options={SURVEY_KINDS.map((kind) => ({ value: kind, label: SurveyTexts.kinds[kind] }))}
          onChange={(event) => onChange({ ...definition, kind: event.target.value as SurveyKind })}
        />
      </Form.Item>
      <Form.Item label={T.fieldSurveyTitle} required {...status(errorsAt(problems, 'title'))}>
        <Input
          maxLength={SURVEY_TITLE_MAX}
          aria-label={T.fieldSurveyTitle}
          value={definition.title}
          onChange={(event) => onChange({ ...definition, title: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={T.fieldSurveyDescription} {...status(errorsAt(problems, 'description'))}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={SURVEY_DESCRIPTION_MAX}
          aria-label={T.fieldSurveyDescription}
          value={definition.description ?? ''}
          onChange={(event) => onChange({ ...definition, description: event.target.value === '' ? undefined : event.target.value })}
        />
      </Form.Item>
      <Form.Item label={T.fieldDeadline} {...status(errorsAt(problems, 'deadline'))}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          aria-label={T.fieldDeadline}
          placeholder={T.deadlinePlaceholder}
          value={deadline ? dayjs(deadline) : null}
          onChange={(value: Dayjs | null) => onDeadline(value ? value.toISOString() : null)}
        />
      </Form.Item>
      <Form.Item label={T.settingsGroup} {...status(errorsAt(problems, 'settings'))}>
        <Flex vertical gap={8}>
          {SETTING_KEYS.map((key) => (
            <Checkbox key={key} checked={definition.settings[key]} onChange={(event) => setSettings({ [key]: event.target.checked })}>
              {SurveyTexts.settings[key]}
            </Checkbox>
          ))}
          {definition.settings.anonymous && (
            <Flex gap={8} align="center" wrap>
              <span>{SurveyTexts.settings.anonymousMinCount}</span>
              <InputNumber
                min={1}
                max={SURVEY_ANONYMOUS_MIN_COUNT_MAX}
                precision={0}
                aria-label={SurveyTexts.settings.anonymousMinCount}
                value={definition.settings.anonymousMinCount}
                onChange={(value) => setSettings({ anonymousMinCount: value ?? 1 })}
              />
            </Flex>
          )}
        </Flex>
      </Form.Item>
      {definition.kind === 'evaluation' && (
        <Form.Item label={T.fieldDimensions} extra={T.dimensionsHint} {...status(errorsAt(problems, 'dimensions'))}>
          <LabelList
            items={definition.dimensions.map((d) => ({ id: d.id, label: d.title }))}
            placeholder={T.dimensionPlaceholder}
            addText={T.addDimension}
            onChange={(items) => onChange({ ...definition, dimensions: items.map((item) => ({ id: item.id, title: item.label })) })}
            onRemove={(id) =>
              onChange({
                ...definition,
                dimensions: definition.dimensions.filter((d) => d.id !== id),
                // A question counting towards the removed dimension no longer does.
                pages: definition.pages.map((page) => ({
                  ...page,
                  questions: page.questions.map((q) => ('dimensionId' in q && q.dimensionId === id ? { ...q, dimensionId: undefined } : q)),
                })),
              })
            }
          />
        </Form.Item>
      )}
    </Form>
  );
}

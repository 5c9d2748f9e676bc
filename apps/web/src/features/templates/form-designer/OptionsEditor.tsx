import { PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { FormDesignerTexts, type FormField } from '@osp/shared';
import { RowButtons } from './RowButtons';
import { addOption, moveOption, removeOption, renameOption } from './schema-editing';

type OptionsPatch = Pick<FormField, 'options' | 'defaultValue'>;

interface OptionsEditorProps {
  /** The group's accessible name (选项, 列选项). */
  label: string;
  options: string[];
  /** The field's default value, which follows a renamed or removed option. */
  defaultValue?: FormField['defaultValue'];
  /** Messages about option i. */
  issuesOf: (index: number) => string[];
  onChange: (patch: OptionsPatch) => void;
}

/** The choices of a select, radio, checkbox field or items column: typed in place, added, moved, removed. */
export function OptionsEditor({ label, options, defaultValue, issuesOf, onChange }: OptionsEditorProps) {
  const source = { options, defaultValue };
  return (
    <div className="form-designer-options" role="group" aria-label={label}>
      {options.map((option, index) => {
        const n = index + 1;
        const issues = issuesOf(index);
        return (
          // Options are edited in place and may repeat mid-edit: the position is their identity.
          <div key={index} className="form-designer-options__row">
            <div className="form-designer-options__input">
              <Input
                value={option}
                maxLength={50}
                aria-label={FormDesignerTexts.optionLabel(n)}
                status={issues.length > 0 ? 'error' : undefined}
                onChange={(event) => onChange(renameOption(source, index, event.target.value))}
              />
              {issues.length > 0 && <div className="form-designer-props__issue">{issues.join('；')}</div>}
            </div>
            <RowButtons
              index={index}
              count={options.length}
              upLabel={FormDesignerTexts.optionUp(n)}
              downLabel={FormDesignerTexts.optionDown(n)}
              removeLabel={FormDesignerTexts.optionRemove(n)}
              onMove={(to) => onChange(moveOption(source, index, to))}
              onRemove={() => onChange(removeOption(source, index))}
            />
          </div>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={options.length >= 100}
        onClick={() => onChange(addOption(source))}
      >
        {FormDesignerTexts.optionAdd}
      </Button>
    </div>
  );
}

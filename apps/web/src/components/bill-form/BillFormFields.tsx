import { Alert, Col, Form, Row } from 'antd';
import { BillFormTexts, type FileCard, type FormField, type FormSchema } from '@osp/shared';
import { useIsMobile } from '../../utils/useIsMobile';
import { FieldInput } from './inputs';
import { ItemsEditor } from './ItemsEditor';
import { DaysOfInput } from './DaysOfInput';
import { daysOfRule, fieldRule } from './rules';
import { SumOfInput } from './SumOfInput';
import './bill-form.css';

export interface BillFormFieldsProps {
  schema: FormSchema;
  /** Cards of the files the bill's attachment fields hold (BillDetail.attachments). */
  attachments?: Record<string, FileCard>;
}

const WIDE_TYPES = new Set<FormField['type']>(['textarea', 'items', 'description', 'attachment', 'checkbox']);

/**
 * The editable fields of a bill's form, rendered from its template's schema. Place inside an antd
 * `<Form>`: every value lives under `form.<key>` (items rows under `form.<key>.<row>.<column>`), the
 * same names as the API's 422 keys, so a server error lands on its field as it is.
 */
export function BillFormFields({ schema, attachments }: BillFormFieldsProps) {
  const isMobile = useIsMobile();
  return (
    <Row gutter={24} className="bill-form-fields">
      {schema.fields.map((field) => {
        const span = isMobile || WIDE_TYPES.has(field.type) ? 24 : 12;
        if (field.type === 'description') {
          return (
            <Col span={24} key={field.key}>
              <Alert className="bill-form__description" type="info" showIcon title={field.label} description={field.content} />
            </Col>
          );
        }
        if (field.type === 'items') {
          return (
            <Col span={24} key={field.key}>
              <Form.Item label={field.label} required={field.required} extra={field.help} className="bill-form__items">
                <ItemsEditor field={field} isMobile={isMobile} />
              </Form.Item>
            </Col>
          );
        }
        if (field.type === 'money' && field.sumOf !== undefined) {
          const source = schema.fields.find((f) => f.key === field.sumOf);
          return (
            <Col span={span} key={field.key}>
              <Form.Item
                name={['form', field.key]}
                label={field.label}
                extra={field.help ?? (source ? BillFormTexts.sumOfHint(source.label) : undefined)}
                rules={[fieldRule({ ...field, sumOf: undefined })]}
              >
                <SumOfInput schema={schema} field={field} />
              </Form.Item>
            </Col>
          );
        }
        const daysSource =
          field.type === 'number' && field.daysOf !== undefined ? schema.fields.find((f) => f.key === field.daysOf) : undefined;
        if (daysSource) {
          return (
            <Col span={span} key={field.key}>
              <Form.Item
                name={['form', field.key]}
                label={field.label}
                required={field.required}
                extra={field.help ?? BillFormTexts.daysOfHint(daysSource.label)}
                dependencies={[['form', daysSource.key]]}
                rules={[daysOfRule(field, daysSource)]}
              >
                <DaysOfInput field={field} source={daysSource} />
              </Form.Item>
            </Col>
          );
        }
        return (
          <Col span={span} key={field.key}>
            <Form.Item
              name={['form', field.key]}
              label={field.label}
              required={field.required}
              extra={field.help}
              rules={[fieldRule(field)]}
            >
              <FieldInput field={field} attachments={attachments} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

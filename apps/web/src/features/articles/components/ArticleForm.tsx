import { Col, DatePicker, Form, Input, Row, Select, Switch } from 'antd';
import { ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, ArticleAdminMessages, ArticleAdminTexts, type FileCard } from '@osp/shared';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { useArticleTypes } from '../../../api/article-types';
import { AttachmentInput } from '../../../components/bill-form/AttachmentInput';
import type { ArticleFormValues } from './article-form-values';
import { ArticleFormCover } from './ArticleFormCover';
import { AudiencePicker } from './AudiencePicker';
import { ArticleEditor } from './editor/ArticleEditor';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const SHOW_TIME = { format: 'HH:mm' };

interface ArticleFormProps {
  form: FormInstance<ArticleFormValues>;
  initialValues: ArticleFormValues;
  /** The 附件 cards the article came with, so their names show without asking for each. */
  knownFiles: Record<string, FileCard>;
  onChange: () => void;
}

/** The article's fields: what it says (title, type, summary, cover, body, 附件) and to whom and when it goes. */
export function ArticleForm({ form, initialValues, knownFiles, onChange }: ArticleFormProps) {
  const types = useArticleTypes();
  const typeOptions = useMemo(() => (types.data ?? []).map((type) => ({ value: type.id, label: type.name })), [types.data]);
  const isForced = Form.useWatch('forceView', form) as boolean | undefined;

  return (
    <Form<ArticleFormValues>
      form={form}
      name="article"
      layout="vertical"
      className="article-form"
      initialValues={initialValues}
      onValuesChange={onChange}
      scrollToFirstError={{ block: 'center' }}
    >
      <Form.Item
        name="title"
        label={ArticleAdminTexts.fieldTitle}
        rules={[{ required: true, whitespace: true, message: ArticleAdminMessages.titleRequired }]}
      >
        <Input maxLength={ARTICLE_TITLE_MAX} showCount placeholder={ArticleAdminTexts.titlePlaceholder} autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="type_id"
            label={ArticleAdminTexts.fieldType}
            rules={[{ required: true, message: ArticleAdminMessages.typeRequired }]}
          >
            <Select<number>
              placeholder={ArticleAdminTexts.typePlaceholder}
              options={typeOptions}
              loading={types.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="cover" label={ArticleAdminTexts.fieldCover}>
            <ArticleFormCover />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="summary" label={ArticleAdminTexts.fieldSummary}>
        <Input.TextArea
          maxLength={ARTICLE_SUMMARY_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={ArticleAdminTexts.summaryPlaceholder}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={ArticleAdminTexts.fieldContent}
        rules={[{ required: true, message: ArticleAdminMessages.contentRequired }]}
      >
        <ArticleEditor />
      </Form.Item>
      <Form.Item name="attachments" label={ArticleAdminTexts.fieldAttachments}>
        <AttachmentInput known={knownFiles} />
      </Form.Item>
      <AudiencePicker />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="publish_at" label={ArticleAdminTexts.fieldPublishAt}>
            <DatePicker
              showTime={SHOW_TIME}
              format={TIME_FORMAT}
              placeholder={ArticleAdminTexts.publishAtPlaceholder}
              className="article-form__time"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="expire_at" label={ArticleAdminTexts.fieldExpireAt}>
            <DatePicker
              showTime={SHOW_TIME}
              format={TIME_FORMAT}
              placeholder={ArticleAdminTexts.expireAtPlaceholder}
              className="article-form__time"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="is_pinned" label={ArticleAdminTexts.fieldPinned} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="forceView" label={ArticleAdminTexts.fieldForced} valuePropName="checked" tooltip={ArticleAdminTexts.forcedHint}>
            <Switch />
          </Form.Item>
        </Col>
        {isForced && (
          <Col xs={24} md={12}>
            <Form.Item name="force_deadline" label={ArticleAdminTexts.fieldDeadline}>
              <DatePicker
                showTime={SHOW_TIME}
                format={TIME_FORMAT}
                placeholder={ArticleAdminTexts.deadlinePlaceholder}
                className="article-form__time"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
}

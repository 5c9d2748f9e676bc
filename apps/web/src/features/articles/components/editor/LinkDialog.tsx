import { Form, Input, Modal } from 'antd';
import { ArticleAdminTexts } from '@osp/shared';
import { isLinkAddress } from './link-address';

interface LinkDialogProps {
  open: boolean;
  /** The address of the link under the cursor, when there is one. */
  href: string;
  onOk: (href: string) => void;
  onCancel: () => void;
}

/** 链接: the address for the selected text; an empty address takes the link away. */
export function LinkDialog({ open, href, onOk, onCancel }: LinkDialogProps) {
  const [form] = Form.useForm<{ href: string }>();
  return (
    <Modal
      title={ArticleAdminTexts.linkTitle}
      open={open}
      okText={ArticleAdminTexts.linkOk}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<{ href: string }>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="article-link"
        initialValues={{ href }}
        onFinish={(values) => onOk(values.href.trim())}
      >
        <Form.Item
          name="href"
          label={ArticleAdminTexts.linkAddress}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isLinkAddress(value) ? Promise.resolve() : Promise.reject(new Error(ArticleAdminTexts.linkInvalid)),
            },
          ]}
        >
          <Input placeholder={ArticleAdminTexts.linkPlaceholder} autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

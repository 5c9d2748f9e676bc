import { Form, Input, Modal } from 'antd';
import { ArticleAdminTexts } from '@osp/shared';

/** http, https, mailto and tel: the schemes the server keeps on a link (article-html.ts). */
const LINK_PATTERN = /^(https?:\/\/\S+|mailto:\S+|tel:[\d+\-() ]+)$/i;

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
                !value?.trim() || LINK_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(ArticleAdminTexts.linkInvalid)),
            },
          ]}
        >
          <Input placeholder={ArticleAdminTexts.linkPlaceholder} autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Input, Modal } from 'antd';
import { ARTICLE_TYPE_NAME_MAX, ArticleTypeMessages, ArticleTypeTexts, type ArticleType, type ArticleTypeInput } from '@osp/shared';
import { useCreateArticleType, useRenameArticleType } from '../../../api/article-types';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';

interface ArticleTypeDialogProps {
  /** 'new' to create; a type to rename; null when closed. */
  type: ArticleType | 'new' | null;
  onClose: () => void;
}

/** 新建类型 / 重命名: the type's name. A refusal (a name already taken) is shown at the field. */
export function ArticleTypeDialog({ type, onClose }: ArticleTypeDialogProps) {
  const [form] = Form.useForm<ArticleTypeInput>();
  const create = useCreateArticleType();
  const rename = useRenameArticleType();
  const isNew = type === 'new';

  const handleFinish = async ({ name }: ArticleTypeInput) => {
    try {
      if (type === 'new') await create.mutateAsync({ name });
      else if (type) await rename.mutateAsync({ id: type.id, name });
      toast.success(ArticleTypeMessages.saved);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={isNew ? ArticleTypeTexts.newType : ArticleTypeTexts.rename}
      open={type !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '创建' : '保存'}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
    >
      {/* Destroyed when hidden, its values cleared with it: each opening starts from the type it was opened for. */}
      <Form<ArticleTypeInput>
        form={form}
        clearOnDestroy
        layout="vertical"
        name="article-type"
        initialValues={{ name: type === 'new' || type === null ? '' : type.name }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="name"
          label={ArticleTypeTexts.name}
          rules={[{ required: true, whitespace: true, message: ArticleTypeMessages.nameRequired }]}
        >
          <Input maxLength={ARTICLE_TYPE_NAME_MAX} placeholder={ArticleTypeTexts.namePlaceholder} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

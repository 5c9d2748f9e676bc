import { App, Form, Input, Modal } from 'antd';
import { CommonMessages, PasswordMessages } from '@osp/shared';
import { useChangePassword } from '../../../api/user';
import { showFieldErrors } from '../../../components/form-errors';
import { PASSWORD_FIELD_OF, passwordRules, type PasswordFormValues } from './password-rules';

interface PasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** SPEC §2/§5 修改密码: 550px, not closed by a click outside, confirmed before it is sent. */
export function PasswordDialog({ isOpen, onClose }: PasswordDialogProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<PasswordFormValues>();
  const change = useChangePassword();

  const send = async ({ oldPwd, newPwd, confirmPwd }: PasswordFormValues) => {
    try {
      await change.mutateAsync({ old_passwd: oldPwd, passwd: newPwd, passwd_confirmation: confirmPwd });
      void message.success(PasswordMessages.changed);
      onClose();
    } catch (error) {
      // The client has toasted the message; e.g. 旧密码错误 also goes under 旧密码.
      showFieldErrors(form, error, PASSWORD_FIELD_OF);
    }
  };

  const handleFinish = (values: PasswordFormValues) => {
    modal.confirm({ title: CommonMessages.confirm, onOk: () => send(values) });
  };

  return (
    <Modal
      title="修改密码"
      open={isOpen}
      width={550}
      mask={{ closable: false }}
      destroyOnHidden
      okText="确定"
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<PasswordFormValues>
        form={form}
        clearOnDestroy
        name="password"
        layout="vertical"
        onFinish={handleFinish}
        className="password-form"
      >
        <Form.Item name="oldPwd" label="旧密码" rules={passwordRules.oldPwd}>
          <Input.Password placeholder={PasswordMessages.oldPlaceholder} autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="newPwd" label="新密码" dependencies={['oldPwd']} rules={passwordRules.newPwd}>
          <Input.Password placeholder={PasswordMessages.newPlaceholder} autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="confirmPwd" label="确认密码" dependencies={['newPwd']} rules={passwordRules.confirmPwd}>
          <Input.Password placeholder={PasswordMessages.confirmPlaceholder} autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { App, Button, Card, Form, Input, Typography } from 'antd';
import { CommonMessages, PasswordMessages, RecoveryMessages } from '@osp/shared';
import { ApiError } from '../../../api/client';
import { useResetPassword } from '../../../api/password-reset';
import { showFieldErrors } from '../../../components/form-errors';
import { RESET_FIELD_OF, resetPasswordRules, type ResetPasswordValues } from './reset-password-rules';

interface ResetPasswordFormProps {
  token: string;
  username: string;
  name: string;
  onDone: () => void;
  /** The server found the link dead while the form was open (used in another tab, expired). */
  onLinkDead: (message: string) => void;
}

/** The new-password form of /reset-password: SPEC §5 rules, confirmed before it is sent, as in 修改密码. */
export function ResetPasswordForm({ token, username, name, onDone, onLinkDead }: ResetPasswordFormProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<ResetPasswordValues>();
  const reset = useResetPassword();

  const send = async ({ newPwd, confirmPwd }: ResetPasswordValues) => {
    try {
      await reset.mutateAsync({ token, passwd: newPwd, passwd_confirmation: confirmPwd });
      onDone();
    } catch (error) {
      const linkMessage = error instanceof ApiError ? error.fieldErrors?.token?.[0] : undefined;
      if (linkMessage) onLinkDead(linkMessage);
      else showFieldErrors(form, error, RESET_FIELD_OF);
    }
  };

  const handleFinish = (values: ResetPasswordValues) => {
    modal.confirm({ title: CommonMessages.confirm, onOk: () => send(values) });
  };

  return (
    <Card className="login-card" variant="borderless">
      <Typography.Title level={3} className="login-card__title">
        重置密码
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="login-card__subtitle">
        为账号 <Typography.Text strong>{username}</Typography.Text>（{name}）设置新密码
      </Typography.Paragraph>
      <Form<ResetPasswordValues> form={form} name="reset-password" layout="vertical" size="large" onFinish={handleFinish}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Form.Item name="newPwd" label="新密码" rules={resetPasswordRules.newPwd} extra={RecoveryMessages.passwordHint}>
          <Input.Password placeholder={PasswordMessages.newPlaceholder} autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="confirmPwd" label="确认密码" dependencies={['newPwd']} rules={resetPasswordRules.confirmPwd}>
          <Input.Password placeholder={PasswordMessages.confirmPlaceholder} autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item className="login-card__submit">
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            确认重置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

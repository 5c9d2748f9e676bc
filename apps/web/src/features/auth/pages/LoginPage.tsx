import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LoginMessages } from '@osp/shared';
import { Link } from 'react-router';
import { CaptchaField } from '../components/CaptchaField';
import { useSignInFlow, type SignInValues } from '../hooks/useSignInFlow';

/** /login: public, no menu, its own background (LoginLayout). */
export default function LoginPage() {
  const [form] = Form.useForm<SignInValues>();
  const flow = useSignInFlow();

  const handleFinish = async (values: SignInValues) => {
    const isSignedIn = await flow.submit(values);
    if (isSignedIn) return;
    // A refused password is typed again, not corrected in place (nor left for the next person at the desk); the
    // username stays, and the cursor waits in the password field.
    form.setFieldsValue({ password: '', captcha_code: '' });
    form.focusField('password');
  };

  return (
    <Card className="login-card" variant="borderless">
      <Typography.Title level={3} className="login-card__title">
        账号登录
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="login-card__subtitle">
        欢迎使用，请使用公司账号登录
      </Typography.Paragraph>
      {flow.error && <Alert type="error" showIcon title={flow.error} className="login-card__error" role="alert" />}
      <Form<SignInValues> form={form} name="login" size="large" onFinish={(values) => void handleFinish(values)} autoComplete="on">
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: LoginMessages.usernameRequired }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={LoginMessages.usernameRequired}
            aria-label="用户名"
            autoComplete="username"
            maxLength={64}
            onBlur={(event) => void flow.checkUsername(event.target.value)}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: LoginMessages.passwordRequired }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={LoginMessages.passwordRequired}
            aria-label="密码"
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        {flow.captcha && <CaptchaField captcha={flow.captcha} onRefresh={() => void flow.refreshCaptcha()} />}
        <div className="login-card__forgot">
          <Link to="/find-password">忘记密码？</Link>
        </div>
        <Form.Item className="login-card__submit">
          <Button type="primary" htmlType="submit" block loading={flow.isSubmitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

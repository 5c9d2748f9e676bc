/**
 * The floor of issue 12: the least a Vite + React + antd app needs to draw OSP's sign-in page. It
 * renders the antd components that the real /login shows and that its app shell loads first
 * (ConfigProvider with zh_CN and the theme's tokens, App for toasts, Spin while loading, Card,
 * Typography, Alert, Form, Input, Input.Password, Button, the three icons), and nothing of OSP's own:
 * no router, no query cache, no HTTP client, no shared package. bench/first-load.ts compares the
 * bytes the real /login costs with the bytes of this page.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, ConfigProvider, Form, Input, Spin, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface SignInValues {
  username: string;
  password: string;
  captcha_code?: string;
}

function LoginCard() {
  const [form] = Form.useForm<SignInValues>();
  const { message } = App.useApp();
  const [error, setError] = useState('');
  const [hasCaptcha, setHasCaptcha] = useState(false);

  const handleFinish = (values: SignInValues) => {
    setError(`${values.username}: 用户名或密码错误`);
    setHasCaptcha(true);
    void message.error('登录失败');
  };

  return (
    <Card variant="borderless" style={{ width: 400 }}>
      <Typography.Title level={3}>账号登录</Typography.Title>
      <Typography.Paragraph type="secondary">欢迎使用，请使用公司账号登录</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Form<SignInValues> form={form} name="login" size="large" onFinish={handleFinish} autoComplete="on">
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户名" autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请输入密码"
            aria-label="密码"
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        {hasCaptcha && (
          <Form.Item name="captcha_code" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" aria-label="验证码" autoComplete="off" maxLength={16} />
          </Form.Item>
        )}
        <a href="/find-password">忘记密码？</a>
        <Form.Item>
          <Button type="primary" htmlType="submit" block>
            登录
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The real app shows a spinner until its first answer (GET /api/settings); so does the floor. */
function Root() {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <App>
        <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>{isReady ? <LoginCard /> : <Spin size="large" />}</main>
      </App>
    </ConfigProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

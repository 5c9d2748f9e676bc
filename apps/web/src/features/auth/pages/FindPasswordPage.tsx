import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RecoveryMessages } from '@osp/shared';
import { useRequestPasswordReset } from '../../../api/password-reset';
import { showFieldErrors } from '../../../components/form-errors';

interface FindPasswordValues {
  account: string;
}

/**
 * /find-password: public, in the sign-in layout. The answer reads the same whether or not the
 * account exists, so the page only ever says "if it exists, a mail is on its way".
 */
export default function FindPasswordPage() {
  const [form] = Form.useForm<FindPasswordValues>();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string>();

  const handleFinish = async ({ account }: FindPasswordValues) => {
    try {
      const { ttl_minutes } = await request.mutateAsync(account.trim());
      setSentMessage(RecoveryMessages.requested(ttl_minutes));
    } catch (error) {
      // The client has shown the message (e.g. too many requests); field errors go under the input.
      showFieldErrors(form, error);
    }
  };

  if (sentMessage) {
    return (
      <Card className="login-card" variant="borderless">
        <Result
          className="recovery-result"
          icon={<MailOutlined className="recovery-result__icon" />}
          title="请查收邮件"
          subTitle={sentMessage}
          extra={[
            <Button key="login" type="primary" onClick={() => void navigate('/login')}>
              返回登录
            </Button>,
            <Button key="again" onClick={() => setSentMessage(undefined)}>
              重新发送
            </Button>,
          ]}
        />
      </Card>
    );
  }

  return (
    <Card className="login-card" variant="borderless">
      <Typography.Title level={3} className="login-card__title">
        找回密码
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="login-card__subtitle">
        输入您的用户名或登记的邮箱，我们将向该邮箱发送重置密码的链接
      </Typography.Paragraph>
      <Form<FindPasswordValues> form={form} name="find-password" size="large" onFinish={(values) => void handleFinish(values)}>
        <Form.Item
          name="account"
          rules={[
            { required: true, whitespace: true, message: RecoveryMessages.accountRequired },
            { max: 128, message: RecoveryMessages.accountTooLong },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={RecoveryMessages.accountLabel}
            aria-label={RecoveryMessages.accountLabel}
            autoComplete="username"
            maxLength={128}
          />
        </Form.Item>
        <Form.Item className="login-card__submit">
          <Button type="primary" htmlType="submit" block loading={request.isPending}>
            发送重置链接
          </Button>
        </Form.Item>
      </Form>
      <div className="recovery-links">
        <Link to="/login">返回登录</Link>
      </div>
    </Card>
  );
}

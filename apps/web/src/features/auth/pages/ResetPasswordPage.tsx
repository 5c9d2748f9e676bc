import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RecoveryMessages } from '@osp/shared';
import { usePasswordResetLink } from '../../../api/password-reset';
import { resetUserData } from '../../../api/query-client';
import { clearSession } from '../../../api/session';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

type Outcome = { kind: 'done' } | { kind: 'dead'; message: string };

/**
 * /reset-password?token=…: public, in the sign-in layout. The link is checked as the page opens,
 * so nobody types a new password into a dead link.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const link = usePasswordResetLink(token);
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    // Every session of the user has just been revoked: this browser's one, if any, goes too.
    if (outcome?.kind === 'done') {
      clearSession();
      resetUserData();
    }
  }, [outcome]);

  if (outcome?.kind === 'done') return <ResetDone />;
  if (outcome?.kind === 'dead') return <DeadLink message={outcome.message} />;
  if (token === '') return <DeadLink message={RecoveryMessages.linkMissing} />;
  if (link.isPending) {
    return (
      <Card className="login-card" variant="borderless">
        <div className="recovery-checking">
          <Spin />
          <span>正在验证重置链接……</span>
        </div>
      </Card>
    );
  }
  // The client has already shown why the check failed (network, server).
  if (link.isError) return <DeadLink message={link.error.message} />;
  if (!link.data.valid) return <DeadLink message={link.data.message} />;
  return (
    <ResetPasswordForm
      token={token}
      username={link.data.username}
      name={link.data.name}
      onDone={() => setOutcome({ kind: 'done' })}
      onLinkDead={(message) => setOutcome({ kind: 'dead', message })}
    />
  );
}

function ResetDone() {
  const navigate = useNavigate();
  return (
    <Card className="login-card" variant="borderless">
      <Result
        className="recovery-result"
        status="success"
        icon={<CheckCircleOutlined />}
        title="密码已重置"
        subTitle={`${RecoveryMessages.resetDone}。该账号在其他设备上的登录均已失效。`}
        extra={
          <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
            前往登录
          </Button>
        }
      />
    </Card>
  );
}

function DeadLink({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card className="login-card" variant="borderless">
      <Result
        className="recovery-result"
        status="warning"
        icon={<ExclamationCircleOutlined />}
        title="链接不可用"
        subTitle={message}
        extra={[
          <Button key="again" type="primary" onClick={() => void navigate('/find-password')}>
            重新找回密码
          </Button>,
          <Button key="login" onClick={() => void navigate('/login')}>
            返回登录
          </Button>,
        ]}
      />
    </Card>
  );
}

import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /404: public; unknown paths land here (SPEC §2). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="not-found">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或您没有访问权限。"
        extra={
          <Button type="primary" onClick={() => void navigate('/dashboard', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}

import { CheckCircleOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ArticleMessages } from '@osp/shared';
import { useConfirmArticle } from '../../../api/article';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { safeRedirect } from '../../../app/guard/redirects';

/** 我已阅读并知晓: records the confirmation, then lets the user go on where they were going (else the home page). */
export function ConfirmReadButton({ articleId }: { articleId: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const confirm = useConfirmArticle(articleId);

  const handleClick = () => {
    confirm.mutate(undefined, {
      onSuccess: () => {
        void message.success(ArticleMessages.confirmed);
        // The guard asks again on the way, so a second forced article would come next (and remember the same page).
        void navigate(safeRedirect(params.get('redirect')));
      },
    });
  };

  return (
    <ButtonGuarded type="primary" size="large" icon={<CheckCircleOutlined />} loading={confirm.isPending} onClick={handleClick}>
      {ArticleMessages.confirm}
    </ButtonGuarded>
  );
}

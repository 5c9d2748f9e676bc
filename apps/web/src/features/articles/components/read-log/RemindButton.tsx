import { BellOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { ArticleReadLogMessages, ArticleReadLogTexts, ArticleStatus, type ArticleReadLog } from '@osp/shared';
import { useRemindUnread } from '../../../../api/article-read-log';
import { toast } from '../../../../components/toast';

/** Why 提醒未读 is off, from what the log says; the server's abilities.remind decides whether it is. */
function disabledReason(log: ArticleReadLog): string {
  if (log.reminded_today) return ArticleReadLogMessages.remindTooSoon;
  if (log.article.status !== ArticleStatus.published) return ArticleReadLogMessages.remindUnpublished;
  if (log.unread === 0) return ArticleReadLogMessages.remindNobody;
  return '';
}

/** 提醒未读: after a confirmation naming how many, a notice to everyone who has not read the article (once a day). */
export function RemindButton({ articleId, log }: { articleId: string; log: ArticleReadLog }) {
  const { modal } = App.useApp();
  const remind = useRemindUnread(articleId);
  const canRemind = log.abilities.remind;

  const confirmRemind = () => {
    void modal.confirm({
      title: ArticleReadLogTexts.remindTitle(log.unread),
      content: ArticleReadLogTexts.remindBody,
      okText: ArticleReadLogTexts.remindOk,
      onOk: () =>
        remind.mutateAsync().then(
          ({ data, message }) => toast.success(message || ArticleReadLogMessages.reminded(data.reminded)),
          // The API client has shown the refusal; the log is read again.
          () => undefined,
        ),
    });
  };

  return (
    <Tooltip title={canRemind ? '' : disabledReason(log)}>
      <Button icon={<BellOutlined />} disabled={!canRemind} loading={remind.isPending} onClick={confirmRemind}>
        {ArticleReadLogTexts.remind}
      </Button>
    </Tooltip>
  );
}

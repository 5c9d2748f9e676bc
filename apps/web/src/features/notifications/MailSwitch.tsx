import { Switch, Tooltip, Typography } from 'antd';
import { NoticePageTexts } from '@osp/shared';
import { useNoticeSettings, useSaveNoticeSettings } from '../../api/notifications';
import { toast } from '../../components/toast';

/**
 * 邮件通知: my notifications also go to my mailbox. Off with a reason when the server sends no mail or I have no
 * address; the preference itself is kept either way.
 */
export function MailSwitch() {
  const settings = useNoticeSettings();
  const save = useSaveNoticeSettings();
  const data = settings.data;
  const reason = !data
    ? undefined
    : !data.mail_available
      ? NoticePageTexts.mailUnavailable
      : data.mail_address === ''
        ? NoticePageTexts.mailNoAddress
        : undefined;

  const change = (mail: boolean) => {
    save.mutateAsync({ mail }).then(
      ({ message }) => toast.success(message),
      () => undefined,
    );
  };

  return (
    <Tooltip title={reason ?? (data?.mail ? `${NoticePageTexts.mailOn}：${data.mail_address}` : undefined)}>
      <label className="notice-mail">
        <Switch
          size="small"
          checked={Boolean(data?.mail) && reason === undefined}
          loading={settings.isPending || save.isPending}
          disabled={!data || reason !== undefined}
          onChange={change}
          aria-describedby={reason ? 'notice-mail-reason' : undefined}
        />
        <Typography.Text>{NoticePageTexts.mailSwitch}</Typography.Text>
        {reason && (
          <Typography.Text type="secondary" id="notice-mail-reason" className="notice-mail__reason">
            {reason}
          </Typography.Text>
        )}
      </label>
    </Tooltip>
  );
}

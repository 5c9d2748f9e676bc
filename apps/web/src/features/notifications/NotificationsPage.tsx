import { Badge, Button, Card, Flex, List, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTICE_BOXES, NoticePageTexts, SurveyFillTexts, type NoticeRow, type NoticeState } from '@osp/shared';
import { useNotices, useReadAllNotices, useReadNotice } from '../../api/notifications';
import { listState } from '../../components/LoadFailed';
import { toast } from '../../components/toast';
import { RelativeTime } from '../../components/RelativeTime';
import { ARTICLE_PREVIEW_PATH } from '../../app/page-registry';
import { detailPath } from '../../utils/bill-paths';
import { MailSwitch } from './MailSwitch';
import './notifications.css';

type Filter = 'all' | NoticeState;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: NoticePageTexts.all },
  { value: 'unread', label: NoticePageTexts.unread },
];

/**
 * 消息通知 (/notifications): my notifications, newest first. Opening one marks it read and goes to its bill;
 * 全部标为已读 marks them all.
 */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [paging, setPaging] = useState({ page: 1, per_page: 20 });
  const notices = useNotices({ ...(filter === 'all' ? {} : { state: filter }), ...paging });
  const isLoading = notices.isFetching && !notices.data;
  const listed = listState({
    isLoading,
    error: notices.error,
    hasRows: notices.data !== undefined,
    onRetry: () => void notices.refetch(),
    empty: filter === 'unread' ? NoticePageTexts.emptyUnread : NoticePageTexts.empty,
  });
  const readOne = useReadNotice();
  const readAll = useReadAllNotices();

  const open = (notice: NoticeRow) => {
    // Marking read is a side matter: the bill opens whether or not it lands.
    if (notice.read_at === null) readOne.mutate({ id: notice.id });
    if (notice.bill_id !== null && notice.bill_status !== null) {
      void navigate(detailPath({ id: notice.bill_id, status: notice.bill_status }, NOTICE_BOXES[notice.kind], 'notifications'));
    } else if (notice.article_id !== null) {
      void navigate(`${ARTICLE_PREVIEW_PATH}/${notice.article_id}`);
    } else if (notice.kind === 'survey') {
      // A survey's 提醒 names the survey by its title only: 我的问卷 lists it with its 填写 button.
      void navigate(SurveyFillTexts.paths.mine);
    }
  };

  const markAll = () => {
    readAll.mutateAsync(undefined).then(
      ({ message }) => toast.success(message),
      () => undefined,
    );
  };

  return (
    <Card
      variant="borderless"
      title={NoticePageTexts.title}
      className="notice-page"
      extra={
        <Button onClick={markAll} loading={readAll.isPending}>
          {NoticePageTexts.readAll}
        </Button>
      }
    >
      <Flex wrap align="center" justify="space-between" gap={12}>
        <Segmented<Filter>
          options={FILTERS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <MailSwitch />
      </Flex>
      {listed.above}
      <List<NoticeRow>
        className="notice-list"
        loading={isLoading}
        dataSource={notices.data?.list ?? []}
        locale={{ emptyText: listed.emptyText }}
        pagination={{
          current: paging.page,
          pageSize: paging.per_page,
          total: notices.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
        }}
        renderItem={(notice) => (
          <List.Item className={notice.read_at === null ? 'notice-list__item notice-list__item--unread' : 'notice-list__item'}>
            <button type="button" className="notice-list__open" onClick={() => open(notice)}>
              <span className="notice-list__line">
                {notice.read_at === null && <Badge status="processing" aria-label={NoticePageTexts.unreadMark} />}
                <Tag>{notice.kind_text}</Tag>
                <Typography.Text strong={notice.read_at === null}>{notice.text}</Typography.Text>
              </span>
              <Typography.Text type="secondary" className="notice-list__time">
                <RelativeTime iso={notice.created_at} />
              </Typography.Text>
            </button>
          </List.Item>
        )}
      />
    </Card>
  );
}

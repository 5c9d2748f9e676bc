import { Card, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PointTexts, type PointLedgerEntry } from '@osp/shared';
import { useMyPoints } from '../../api/points';
import { listState } from '../../components/LoadFailed';
import { RelativeTime } from '../../components/RelativeTime';

/** 我的积分明细: each award and adjustment of mine, newest first, with its reason and when (SPEC §9 relative time). */
export function MyPointsLedger() {
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const mine = useMyPoints(paging);
  const listed = listState({
    isLoading: mine.isFetching && !mine.data,
    error: mine.error,
    hasRows: mine.data !== undefined,
    onRetry: () => void mine.refetch(),
    empty: PointTexts.ledgerEmpty,
  });

  return (
    <Card title={PointTexts.ledgerTitle} variant="borderless" className="point-ledger" role="region" aria-label={PointTexts.ledgerTitle}>
      {listed.above}
      <List<PointLedgerEntry>
        size="small"
        dataSource={mine.data?.list ?? []}
        locale={{ emptyText: listed.emptyText }}
        pagination={
          (mine.data?.total ?? 0) > paging.per_page && {
            current: paging.page,
            pageSize: paging.per_page,
            total: mine.data?.total ?? 0,
            size: 'small',
            showSizeChanger: false,
            onChange: (page) => setPaging((current) => ({ ...current, page })),
          }
        }
        renderItem={(entry) => (
          <List.Item
            className="point-ledger__item"
            extra={
              <span className={entry.points > 0 ? 'point-ledger__points point-ledger__points--gain' : 'point-ledger__points'}>
                {entry.points > 0 ? `+${entry.points}` : entry.points}
              </span>
            }
          >
            <div className="point-ledger__text">
              <Typography.Text ellipsis={{ tooltip: entry.reason }}>{entry.reason}</Typography.Text>
              <div className="point-ledger__meta">
                <Tag bordered={false}>{entry.source_label}</Tag>
                <RelativeTime iso={entry.created_at} />
              </div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

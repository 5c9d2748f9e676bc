import { Alert, Button, Card, Col, Flex, Row, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { POINT_PERIODS, PointTexts, type PointPeriod, type PointRankEntry } from '@osp/shared';
import { usePointRank } from '../../api/points';
import { useProfile } from '../../api/user';
import { listState } from '../../components/LoadFailed';
import { DeptPicker } from '../../components/pickers/DeptPicker';
import { AdjustPointsDialog } from './AdjustPointsDialog';
import { MyPointsLedger } from './MyPointsLedger';
import { PointTrendChart } from './PointTrendChart';
import { RankMark } from './RankMark';
import './point-rank.css';

const PERIOD_OPTIONS = POINT_PERIODS.map((value) => ({ value, label: PointTexts.periods[value] }));

const COLUMNS: ColumnsType<PointRankEntry> = [
  {
    title: PointTexts.rank,
    dataIndex: 'rank',
    width: 72,
    align: 'center',
    render: (_, row) => <RankMark rank={row.rank} isTop={row.top} />,
  },
  { title: PointTexts.name, dataIndex: 'name', ellipsis: true },
  { title: PointTexts.deptName, dataIndex: 'dept_name', ellipsis: true },
  { title: PointTexts.points, dataIndex: 'points', width: 80, align: 'right' },
];

/**
 * 积分排行 (/point/rank, SPEC §2, permission point_rank): everyone's points this month, quarter or year, optionally
 * within one department and its sub-departments; places shared on equal points, the top three marked, and my own
 * place above the table whichever page is shown; below, my points over time (a chart) and my ledger.
 */
export default function PointRankPage() {
  const { data: profile } = useProfile();
  const [period, setPeriod] = useState<PointPeriod>('month');
  const [deptId, setDeptId] = useState<number | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, per_page: 20 });
  const rank = usePointRank({ period, ...(deptId === undefined ? {} : { dept_id: deptId }), ...paging });
  const isLoading = rank.isFetching && !rank.data;
  const listed = listState({
    isLoading,
    error: rank.error,
    hasRows: rank.data !== undefined,
    onRetry: () => void rank.refetch(),
    empty: PointTexts.empty,
  });
  const me = rank.data?.me;
  const [isAdjusting, setAdjusting] = useState(false);

  return (
    <div className="point-page">
      <Card
        variant="borderless"
        title={PointTexts.title}
        className="point-rank"
        extra={rank.data?.abilities.adjust && <Button onClick={() => setAdjusting(true)}>{PointTexts.adjust}</Button>}
      >
        <Flex wrap align="center" gap={12} className="point-rank__filters">
          <Segmented<PointPeriod>
            options={PERIOD_OPTIONS}
            value={period}
            onChange={(next) => {
              setPeriod(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <DeptPicker
            className="point-rank__dept"
            allowClear
            placeholder={PointTexts.deptAll}
            aria-label={PointTexts.dept}
            value={deptId ?? null}
            onChange={(next) => {
              setDeptId(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
        </Flex>
        {me && (
          <Alert
            className="point-rank__me"
            type="info"
            role="status"
            aria-label={PointTexts.myPlace}
            title={
              <Typography.Text>
                {PointTexts.myPlace}：
                {me.rank === null ? PointTexts.notRanked : `${PointTexts.myRank(me.rank)} · ${PointTexts.myPoints(me.points)}`}
              </Typography.Text>
            }
          />
        )}
        {listed.above}
        <Table<PointRankEntry>
          rowKey="user_id"
          size="small"
          columns={COLUMNS}
          dataSource={rank.data?.list ?? []}
          loading={isLoading}
          locale={{ emptyText: listed.emptyText }}
          rowClassName={(row) => (row.user_id === profile?.id ? 'point-rank__mine' : '')}
          pagination={{
            current: paging.page,
            pageSize: paging.per_page,
            total: rank.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => setPaging((current) => ({ ...current, page })),
          }}
        />
        <AdjustPointsDialog isOpen={isAdjusting} selfId={profile?.id} onClose={() => setAdjusting(false)} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <PointTrendChart />
        </Col>
        <Col xs={24} xl={10}>
          <MyPointsLedger />
        </Col>
      </Row>
    </div>
  );
}

import { Card, Empty, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router';
import { PointTexts } from '@osp/shared';
import { usePointRank } from '../../../api/points';
import { LoadFailed } from '../../../components/LoadFailed';

/** 我的积分 (issue 15, point_rank): my points and my place this month, from the month's ranking; 查看积分排行 for the rest. */
export function PointsCard() {
  // One row is enough: the answer's `me` is my place whatever page is asked for.
  const rank = usePointRank({ period: 'month', page: 1, per_page: 1 });
  const me = rank.data?.me;

  return (
    <Card
      title={PointTexts.cardTitle}
      variant="borderless"
      className="dashboard-card dashboard-points"
      role="region"
      aria-label={PointTexts.cardTitle}
      extra={<Link to={PointTexts.rankPath}>{PointTexts.cardMore}</Link>}
    >
      {rank.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {rank.isError && !rank.data && <LoadFailed error={rank.error} onRetry={() => void rank.refetch()} />}
      {me && me.rank === null && me.points === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PointTexts.cardEmpty} />}
      {me && (me.rank !== null || me.points !== 0) && (
        <div className="dashboard-points__stats">
          <Statistic title={PointTexts.cardThisMonth} value={me.points} suffix="分" />
          <Statistic
            title={PointTexts.cardPlace}
            value={me.rank === null ? PointTexts.cardNotRanked : PointTexts.myRank(me.rank)}
            styles={{ content: { color: '#1677ff' } }}
          />
        </div>
      )}
    </Card>
  );
}

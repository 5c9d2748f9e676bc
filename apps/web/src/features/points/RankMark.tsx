import { TrophyOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { PointTexts } from '@osp/shared';

/** Gold, silver and bronze for places 1 to 3 (a shared place shares its colour); a plain number below them. */
const COLORS: Record<number, string> = { 1: 'gold', 2: 'default', 3: 'orange' };

export function RankMark({ rank, isTop }: { rank: number; isTop: boolean }) {
  if (!isTop) return <span className="point-rank__place">{rank}</span>;
  return (
    <Tag color={COLORS[rank]} icon={<TrophyOutlined />} className="point-rank__top" title={PointTexts.topMark[rank]}>
      {rank}
    </Tag>
  );
}

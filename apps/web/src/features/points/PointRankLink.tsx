import { TrophyOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { PointTexts } from '@osp/shared';

export const POINT_RANK_PATH = '/point/rank';

/** The header's 积分排行 icon (SPEC §2); the header shows it only to holders of point_rank. */
export function PointRankLink() {
  return (
    <Tooltip title={PointTexts.headerIcon}>
      <Link to={POINT_RANK_PATH} aria-label={PointTexts.headerIcon} className="header-badge-link">
        <TrophyOutlined className="header-badge-link__icon" />
      </Link>
    </Tooltip>
  );
}

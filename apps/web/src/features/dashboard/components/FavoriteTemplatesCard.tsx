import { Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { BillStartTexts, type TemplateSummary } from '@osp/shared';
import { useStartTemplates } from '../../../api/bills-edit';
import { LoadFailed } from '../../../components/LoadFailed';
import { MenuIcon } from '../../../components/MenuIcon';
import { newBillPath } from '../../../utils/bill-paths';

/** The 发起审批 page (apps/server/src/seed/menus.ts), where a template gets its star. */
const START_PATH = '/office/approval';

/** How many starred templates the card offers; the rest are on 发起审批, starred ones first. */
const QUICK_START_COUNT = 8;

/**
 * 常用审批 (issue 15): the templates I starred on 发起审批, each one click from a new bill of it. The same list the
 * start page reads (favourites first), so a star given there shows here at once.
 */
export function FavoriteTemplatesCard() {
  const templates = useStartTemplates(false);
  const favorites: TemplateSummary[] = (templates.data?.list ?? [])
    .filter((template) => template.favorite && template.startable)
    .slice(0, QUICK_START_COUNT);

  return (
    <Card
      title={BillStartTexts.favoritesTitle}
      variant="borderless"
      className="dashboard-card dashboard-favorites"
      extra={<Link to={START_PATH}>{BillStartTexts.favoritesMore}</Link>}
    >
      {templates.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {templates.isError && !templates.data && <LoadFailed error={templates.error} onRetry={() => void templates.refetch()} />}
      {templates.data && favorites.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={BillStartTexts.favoritesEmpty} />
      )}
      {favorites.length > 0 && (
        <div className="dashboard-favorites__list">
          {favorites.map((template) => (
            <Link key={template.id} to={newBillPath(template)} className="dashboard-favorite">
              <span className="dashboard-favorite__icon" aria-hidden>
                <MenuIcon name={template.icon} />
              </span>
              <span className="dashboard-favorite__name">{template.name}</span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

import type { ComponentType } from 'react';
import type { UserProfile } from '@osp/shared';
import { ApprovalCard } from '../components/ApprovalCard';
import { ArticlesCard } from '../components/ArticlesCard';
import { ContactCard } from '../components/ContactCard';
import { FavoriteTemplatesCard } from '../components/FavoriteTemplatesCard';
import { HolidayCard } from '../components/HolidayCard';
import { PointsCard } from '../components/PointsCard';
import { SurveysCard } from '../components/SurveysCard';
import type { CardEntry } from './card-layout';

export interface DashboardCard extends CardEntry {
  Component: ComponentType<{ profile: UserProfile }>;
}

/**
 * Every card of the home page (issue 15). A later area adds its card here, one entry: its component links to its
 * page and says something friendly when it has nothing to show; `anyOf` names the permission its data needs.
 */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { key: 'approval', order: 10, width: 16, Component: ApprovalCard },
  { key: 'points', order: 20, width: 8, anyOf: ['point_rank'], Component: PointsCard },
  { key: 'favorites', order: 25, width: 24, Component: FavoriteTemplatesCard },
  { key: 'surveys', order: 22, width: 24, Component: SurveysCard },
  { key: 'articles', order: 30, width: 24, Component: ArticlesCard },
  { key: 'holiday', order: 40, width: 14, Component: HolidayCard },
  { key: 'contact', order: 50, width: 10, Component: ContactCard },
];

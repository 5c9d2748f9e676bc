import { Card, Tabs } from 'antd';
import { LeaveRecordsTexts, type LeaveScope } from '@osp/shared';
import { useLeaveScopes } from '../../../api/leave';
import { AdminPage } from '../../../components/AdminPage';
import { Unread } from '../../../components/LoadFailed';
import { LeaveRecordsTab } from '../components/LeaveRecordsTab';
import { LeaveTeamCalendar } from '../components/LeaveTeamCalendar';
import '../leave-details.css';

/**
 * /holiday/details (everyone): 请假记录 — one's own leave, a department leader's team's, HR's everyone's (the scopes
 * the server offers) — and 团队日历, who is away on each day of a month.
 */
export default function LeaveDetailsPage() {
  const scopes = useLeaveScopes();
  const offered: LeaveScope[] = scopes.data?.scopes ?? [];
  const deptChoice = offered.includes('all') ? 'any' : offered.includes('team') ? 'led' : 'none';
  return (
    <AdminPage title={LeaveRecordsTexts.title} description={LeaveRecordsTexts.description}>
      <Card size="small">
        {scopes.data === undefined ? (
          <Unread query={scopes} />
        ) : (
          <Tabs
            items={[
              { key: 'records', label: LeaveRecordsTexts.tabRecords, children: <LeaveRecordsTab scopes={offered} /> },
              { key: 'calendar', label: LeaveRecordsTexts.tabCalendar, children: <LeaveTeamCalendar deptChoice={deptChoice} /> },
            ]}
          />
        )}
      </Card>
    </AdminPage>
  );
}

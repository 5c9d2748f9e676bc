import { Col, Row } from 'antd';
import { useProfile } from '../../../api/user';
import { PageLoading } from '../../../components/PageLoading';
import { ApprovalCard } from '../components/ApprovalCard';
import { ArticlesCard } from '../components/ArticlesCard';
import { ContactCard } from '../components/ContactCard';
import { GreetingCard } from '../components/GreetingCard';
import { HolidayCard } from '../components/HolidayCard';

/** /dashboard: the home page. Only real data. */
export default function DashboardPage() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoading />;

  return (
    <div className="dashboard">
      <GreetingCard profile={profile} />
      <ApprovalCard />
      <ArticlesCard />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <HolidayCard />
        </Col>
        <Col xs={24} lg={10}>
          <ContactCard profile={profile} />
        </Col>
      </Row>
    </div>
  );
}

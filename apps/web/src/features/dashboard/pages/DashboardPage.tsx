import { Col, Row } from 'antd';
import { useProfile } from '../../../api/user';
import { PageLoading } from '../../../components/PageLoading';
import { arrangeCards, visibleCards } from '../cards/card-layout';
import { DASHBOARD_CARDS } from '../cards/cards';
import { GreetingCard } from '../components/GreetingCard';
import '../dashboard.css';

/** /dashboard: the home page — the greeting, then the cards of the registry this person may see. Only real data. */
export default function DashboardPage() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoading />;

  return (
    <div className="dashboard">
      <GreetingCard profile={profile} />
      <Row gutter={[16, 16]}>
        {arrangeCards(visibleCards(DASHBOARD_CARDS, profile.permissions)).map(({ card, span }) => (
          <Col key={card.key} xs={24} lg={span}>
            <card.Component profile={profile} />
          </Col>
        ))}
      </Row>
    </div>
  );
}

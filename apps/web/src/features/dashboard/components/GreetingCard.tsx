import { Card, Typography } from 'antd';
import type { UserProfile } from '@osp/shared';
import { UserAvatar } from '../../../components/UserAvatar';
import { companyNow } from '../../../utils/datetime';
import { greetingFor } from './greeting';

/** Who is signed in and where they sit in the company. */
export function GreetingCard({ profile }: { profile: UserProfile }) {
  const now = companyNow();
  const placement = [profile.dept, profile.station].filter((part) => part !== '').join(' · ');

  return (
    <Card className="greeting-card" variant="borderless">
      <div className="greeting-card__body">
        <UserAvatar name={profile.name} photo={profile.profilePhoto} size={64} />
        <div className="greeting-card__text">
          <Typography.Title level={4} className="greeting-card__title">
            {greetingFor(now.hour())}，{profile.name}
          </Typography.Title>
          {placement && <Typography.Text type="secondary">{placement}</Typography.Text>}
        </div>
        <div className="greeting-card__date">
          <div className="greeting-card__day">{now.format('M月D日')}</div>
          <Typography.Text type="secondary">{now.format('YYYY年 dddd')}</Typography.Text>
        </div>
      </div>
    </Card>
  );
}

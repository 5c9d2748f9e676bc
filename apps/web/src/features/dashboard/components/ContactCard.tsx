import { Card, Descriptions, Typography } from 'antd';
import { SEX_LABELS, type Sex, type UserProfile } from '@osp/shared';

const isSex = (value: string): value is Sex => value in SEX_LABELS;

/**
 * The contact details colleagues see, so the user notices when one is out of date. They are changed in 个人信息 (the
 * header's user menu, a dialog rather than a page), which the card names.
 */
export function ContactCard({ profile }: { profile: UserProfile }) {
  const shown = (value: string) => value || '未填写';
  return (
    <Card title="我的资料" variant="borderless" className="dashboard-card">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'username', label: '账号', children: profile.username },
          { key: 'sex', label: '性别', children: isSex(profile.sex) ? SEX_LABELS[profile.sex] : '未填写' },
          { key: 'mail', label: '邮箱', children: shown(profile.mail) },
          { key: 'mobile', label: '手机号', children: shown(profile.mobile) },
          { key: 'phone', label: '座机', children: shown(profile.phone) },
          { key: 'wechat', label: '微信', children: shown(profile.wechat) },
        ]}
      />
      <Typography.Text type="secondary" className="dashboard-card__hint">
        如需修改，请在右上角头像菜单的「个人信息」中编辑
      </Typography.Text>
    </Card>
  );
}

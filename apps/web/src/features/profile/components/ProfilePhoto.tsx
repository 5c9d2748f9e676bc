import { CameraOutlined } from '@ant-design/icons';
import type { UserProfile } from '@osp/shared';
import { UserAvatar } from '../../../components/UserAvatar';

interface ProfilePhotoProps {
  profile: UserProfile;
  onClick: () => void;
}

/** The user's photo; clicking it opens the avatar dialog (SPEC §2). */
export function ProfilePhoto({ profile, onClick }: ProfilePhotoProps) {
  return (
    <div className="profile-photo">
      <button type="button" className="profile-photo__button" onClick={onClick} aria-label="修改头像">
        <UserAvatar name={profile.name} photo={profile.profilePhoto} size={80} />
        <span className="profile-photo__overlay">
          <CameraOutlined />
        </span>
      </button>
      <span className="profile-photo__hint">点击头像修改</span>
    </div>
  );
}

import { Avatar, type AvatarProps } from 'antd';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  photo: string | undefined;
}

/** A person's photo, or the first character of their name while they have none. */
export function UserAvatar({ name, photo, ...props }: UserAvatarProps) {
  return (
    <Avatar src={photo || undefined} alt={name} style={{ backgroundColor: '#1677ff', flexShrink: 0 }} {...props}>
      {[...name][0] ?? '?'}
    </Avatar>
  );
}

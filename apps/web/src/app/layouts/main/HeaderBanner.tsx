import { NotificationOutlined } from '@ant-design/icons';

interface HeaderBannerProps {
  message: string;
  /** A narrow header scrolls the text instead of cutting it off. */
  isScrolling: boolean;
}

/** The administrator's notice in the header (SPEC §9: shown only when its flag equals 1). */
export function HeaderBanner({ message, isScrolling }: HeaderBannerProps) {
  return (
    <div className="header-banner" role="note" aria-label="系统公告" title={message}>
      <NotificationOutlined className="header-banner__icon" />
      <div className="header-banner__track">
        <span className={isScrolling ? 'header-banner__text header-banner__text--marquee' : 'header-banner__text'}>{message}</span>
      </div>
    </div>
  );
}

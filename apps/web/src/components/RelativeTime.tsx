import { relativeTime } from '@osp/shared';
import { useClockText } from '../utils/clock';
import { formatDateTime } from '../utils/datetime';

interface RelativeTimeProps {
  /** An ISO 8601 time from the server; nothing is shown for a missing one. */
  iso: string | null | undefined;
  className?: string;
}

/**
 * When something happened, as 刚刚 / 3 分钟前 / 昨天 09:30 (SPEC §9), kept true by the app's one clock; the
 * exact time is the title (shown on hover) and the `dateTime`, so nothing is lost to the rounding.
 * docs/decisions.md says which pages show times this way and which keep the exact time.
 */
export function RelativeTime({ iso, className }: RelativeTimeProps) {
  const text = useClockText((now) => relativeTime(iso, now));
  if (!iso || text === '') return null;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {text}
    </time>
  );
}

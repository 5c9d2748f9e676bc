import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE, dateTimeText } from '@osp/shared';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

/** DESIGN §4: times travel as ISO 8601 and the UI shows them in Asia/Shanghai. */
export { DISPLAY_TIME_ZONE };

/**
 * The exact time, YYYY-MM-DD HH:mm in Shanghai: the same text as a relative time's title and its fallback beyond
 * six days (packages/shared time-text), so the two never disagree.
 */
export function formatDateTime(iso: string | null | undefined): string {
  return dateTimeText(iso);
}

/** Now, on the company's clock. */
export function companyNow(): dayjs.Dayjs {
  return dayjs().tz(DISPLAY_TIME_ZONE);
}

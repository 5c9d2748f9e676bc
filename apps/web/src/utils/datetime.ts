import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

/** DESIGN §4: times travel as ISO 8601 and the UI shows them in Asia/Shanghai. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '';
}

/** Now, on the company's clock. */
export function companyNow(): dayjs.Dayjs {
  return dayjs().tz(DISPLAY_TIME_ZONE);
}

/**
 * SPEC §9: relative times (刚刚 under 30 s) and duration texts, one helper for every page that shows when
 * something happened or how long it took. Pure: the caller passes `now`, so a page re-renders them on its own
 * clock tick and tests pin the clock. Calendar days are the company's (DESIGN §4: times travel as ISO 8601 and
 * are shown in Asia/Shanghai), whatever zone the browser or server runs in.
 */

export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** The words of relative times and durations; numbers are ours (counts), never a user's text. */
export const TimeTexts = {
  justNow: '刚刚',
  minutesAgo: (minutes: number) => `${minutes} 分钟前`,
  hoursAgo: (hours: number) => `${hours} 小时前`,
  /** The day before today, at a clock time (HH:mm): 昨天 09:30 says more than 14 小时前. */
  yesterdayAt: (clock: string) => `昨天 ${clock}`,
  daysAgo: (days: number) => `${days} 天前`,
  seconds: (n: number) => `${n} 秒`,
  minutes: (n: number) => `${n} 分钟`,
  hours: (n: number) => `${n} 小时`,
  days: (n: number) => `${n} 天`,
  /** How long a handler took over a task, after their decision (钉钉's 审批耗时). */
  took: (duration: string) => `耗时 ${duration}`,
} as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under this, a time is 刚刚 (SPEC §9). */
const JUST_NOW = 30 * SECOND;
/**
 * A time this far ahead of `now` is still 刚刚: the server's clock and the browser's differ by some seconds, and
 * a bill sent a moment ago must not read as a date. Further ahead is no slip of the clock: it is shown as it is.
 */
const FUTURE_SLACK = 30 * SECOND;
/** Up to this many calendar days back a time reads N 天前; older, the date says more than the count. */
const DAYS_SHOWN = 6;

const shanghai = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

function wallClock(at: number): WallClock {
  const parts: Record<string, string> = {};
  for (const part of shanghai.formatToParts(at)) parts[part.type] = part.value;
  return { year: parts.year ?? '', month: parts.month ?? '', day: parts.day ?? '', hour: parts.hour ?? '', minute: parts.minute ?? '' };
}

/** The calendar day in Shanghai as a count of days, so two days subtract to how many midnights lie between. */
const dayNumber = (clock: WallClock) => Date.UTC(Number(clock.year), Number(clock.month) - 1, Number(clock.day)) / DAY;

const clockText = (clock: WallClock) => `${clock.hour}:${clock.minute}`;
const dateTimeOf = (clock: WallClock) => `${clock.year}-${clock.month}-${clock.day} ${clockText(clock)}`;

/** An ISO 8601 time as milliseconds, or null when it is none. */
function instantOf(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string' || iso === '') return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at : null;
}

const instantOfNow = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

/** The absolute time as the pages show it, YYYY-MM-DD HH:mm in Shanghai; '' for a missing or unreadable time. */
export function dateTimeText(iso: string | null | undefined): string {
  const at = instantOf(iso);
  return at === null ? '' : dateTimeOf(wallClock(at));
}

/**
 * When something happened, seen from `now`: 刚刚 under 30 s (and up to 30 s ahead, for clock skew), N 分钟前 under an
 * hour, N 小时前 the same day, 昨天 HH:mm the day before, N 天前 up to six days back, then the date and time. Days are
 * Shanghai's calendar days, so 23:50 yesterday is 昨天 23:50 at 08:00 even though under a day has passed.
 * '' for a missing or unreadable time.
 */
export function relativeTime(iso: string | null | undefined, now: Date | number): string {
  const at = instantOf(iso);
  const current = instantOfNow(now);
  if (at === null || !Number.isFinite(current)) return '';
  const ago = current - at;
  if (ago < -FUTURE_SLACK) return dateTimeText(iso);
  if (ago < JUST_NOW) return TimeTexts.justNow;
  // 30 to 59 s rounds down to 0 minutes: still 1 分钟前, never 0 分钟前.
  if (ago < HOUR) return TimeTexts.minutesAgo(Math.max(1, Math.floor(ago / MINUTE)));
  const then = wallClock(at);
  const days = dayNumber(wallClock(current)) - dayNumber(then);
  if (days <= 0) return TimeTexts.hoursAgo(Math.floor(ago / HOUR));
  if (days === 1) return TimeTexts.yesterdayAt(clockText(then));
  if (days <= DAYS_SHOWN) return TimeTexts.daysAgo(days);
  return dateTimeOf(then);
}

/**
 * How long something took, in its two largest units (钉钉's 审批耗时): 45 秒, 3 分钟, 2 小时 5 分钟, 3 天 4 小时; a
 * second unit of zero is left out (2 小时, not 2 小时 0 分钟), and seconds only count under a minute. Each unit is
 * rounded down, so a task is never said to have taken longer than it did (1 小时 59 分钟, not 2 小时).
 * '' for a negative, missing or unreadable length.
 */
export function durationText(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < MINUTE) return TimeTexts.seconds(Math.floor(ms / SECOND));
  if (ms < HOUR) return TimeTexts.minutes(Math.floor(ms / MINUTE));
  const [big, small, bigText, smallText] =
    ms < DAY
      ? [Math.floor(ms / HOUR), Math.floor((ms % HOUR) / MINUTE), TimeTexts.hours, TimeTexts.minutes]
      : [Math.floor(ms / DAY), Math.floor((ms % DAY) / HOUR), TimeTexts.days, TimeTexts.hours];
  return small === 0 ? bigText(big) : `${bigText(big)} ${smallText(small)}`;
}

/** How long it was from one ISO time to another (a task's arrival to its decision); '' if either is missing. */
export function durationBetween(from: string | null | undefined, to: string | null | undefined): string {
  const start = instantOf(from);
  const end = instantOf(to);
  return start === null || end === null ? '' : durationText(end - start);
}

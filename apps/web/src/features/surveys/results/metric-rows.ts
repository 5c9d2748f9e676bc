import { dateTimeText, durationText, SurveyResultTexts, type SurveyMetric, type SurveyMetricDept } from '@osp/shared';

export type PendingPerson = SurveyMetricDept['pending'][number] & { dept_name: string };

/**
 * Everyone who has not submitted, with their department, once each (an evaluation asks one person about several
 * ratees, and a person counted under two departments would otherwise be listed twice): drafts first, since they
 * began and a reminder finishes them soonest, then by department as the metric orders them.
 */
export function pendingPeople(metric: SurveyMetric): PendingPerson[] {
  const seen = new Set<number>();
  const people: PendingPerson[] = [];
  for (const dept of metric.depts) {
    for (const person of dept.pending) {
      if (seen.has(person.user_id)) continue;
      seen.add(person.user_id);
      // The server names a person without a department ''.
      people.push({ ...person, dept_name: dept.dept_name || SurveyResultTexts.noDept });
    }
  }
  return people.sort((a, b) => Number(b.state === 'draft') - Number(a.state === 'draft'));
}

/** A time to answer: 45 秒, 3 分 20 秒, past an hour as durationText says it; '' when nobody's time is known. */
export function answerTimeText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  if (whole < 60) return SurveyResultTexts.seconds(whole);
  if (whole < 3600) return SurveyResultTexts.minutesSeconds(Math.floor(whole / 60), whole % 60);
  return durationText(whole * 1000);
}

/** The company's calendar day (Shanghai) of a time, as YYYY-MM-DD. */
const companyDay = (iso: string) => dateTimeText(iso).slice(0, 10);

/**
 * How many of those not yet submitted 提醒 would reach now: the server reminds each person at most once a company day,
 * so those already reminded today are left out (the button then says why instead of asking the server).
 */
export function remindableCount(people: readonly PendingPerson[], now: number): number {
  const today = companyDay(new Date(now).toISOString());
  return people.filter((person) => person.reminded_at === null || companyDay(person.reminded_at) !== today).length;
}

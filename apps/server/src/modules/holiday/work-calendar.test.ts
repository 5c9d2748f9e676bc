import { WorkCalendarMessages, type WorkCalendarYear, type OperationLogEntry, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';
import { loadWorkCalendar } from './work-calendar.service';

/**
 * 工作日历 (issue 17): HR (holiday_admin) replaces a year's holidays and make-up workdays through
 * PUT /api/holiday/calendar/{year}; everyone signed in reads a year; a refusal names the entry and changes nothing;
 * each change is in the operation log; other modules load the calendar for a span.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const rowsOf = (year: number) =>
  server.db.selectFrom('work_calendar').select(['day', 'kind', 'name']).where('day', 'like', `${year}-%`).orderBy('day').execute();

// Made-up days for the test (a year no other test uses), not an official schedule.
const YEAR = 2031;
const ENTRIES = [
  { day: '2031-10-02', kind: 'holiday', name: '国庆节' },
  { day: '2031-10-01', kind: 'holiday', name: '国庆节' },
  { day: '2031-09-28', kind: 'workday', name: '国庆调休' },
];

describe('PUT /api/holiday/calendar/{year}', () => {
  it('replaces the year for HR, in day order, logged; everyone reads it; the next PUT replaces it again', async () => {
    const saved = await call<WorkCalendarYear>('admin', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries: ENTRIES });
    expect(saved.body.status_code, saved.body.message).toBe(0);
    expect(saved.body.message).toBe(WorkCalendarMessages.saved);
    expect(saved.body.data.entries.map((e) => e.day)).toEqual(['2031-09-28', '2031-10-01', '2031-10-02']);

    const read = await call<WorkCalendarYear>('zhangsan', 'GET', `/api/holiday/calendar?year=${YEAR}`);
    expect(read.body.data).toEqual(saved.body.data);

    const again = await call<WorkCalendarYear>('admin', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries: [ENTRIES[1]] });
    expect(again.body.status_code).toBe(0);
    expect(await rowsOf(YEAR)).toEqual([{ day: '2031-10-01', kind: 'holiday', name: '国庆节' }]);

    const log = await call<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=work_calendar&item_id=${YEAR}`);
    expect(log.body.data.list.map((e) => e.summary)).toEqual([
      `修改 ${YEAR} 年工作日历：节假日 1 天，调休上班 0 天`,
      `修改 ${YEAR} 年工作日历：节假日 2 天，调休上班 1 天`,
    ]);
  });

  it('gives another user 403 and changes nothing', async () => {
    const before = await rowsOf(YEAR);
    const response = await call('zhangsan', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries: [] });
    expect(response.status).toBe(403);
    expect(await rowsOf(YEAR)).toEqual(before);
  });

  it.each([
    [
      'a day of another year',
      [{ day: '2030-12-31', kind: 'holiday' }],
      'entries.0.day',
      WorkCalendarMessages.dayOutsideYear('2030-12-31', YEAR),
    ],
    ['a day twice', [ENTRIES[0], ENTRIES[0]], 'entries.1.day', WorkCalendarMessages.dayDuplicate('2031-10-02')],
    [
      'a make-up workday on a weekday',
      [{ day: '2031-10-08', kind: 'workday' }],
      'entries.0.day',
      WorkCalendarMessages.workdayOnWeekday('2031-10-08'),
    ],
    ['a day that does not exist', [{ day: '2031-02-29', kind: 'holiday' }], 'entries.0.day', WorkCalendarMessages.dayInvalid],
    ['an unknown kind', [{ day: '2031-10-03', kind: 'off' }], 'entries.0.kind', WorkCalendarMessages.kindInvalid],
  ])('refuses %s with the message at the entry, and changes nothing', async (_name, entries, field, message) => {
    const before = await rowsOf(YEAR);
    const response = await call<{ errors: Record<string, string[]> }>('admin', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries });
    expect(response.status).toBe(200);
    expect(response.body.status_code).toBe(422);
    expect(response.body.data.errors[field]).toContain(message);
    expect(await rowsOf(YEAR)).toEqual(before);
  });

  it('refuses a malformed year or body with a message, never a 500', async () => {
    for (const url of ['/api/holiday/calendar/abc', '/api/holiday/calendar/1999', '/api/holiday/calendar/2101']) {
      const response = await call('admin', 'PUT', url, { entries: [] });
      expect(response.body).toMatchObject({ status_code: 422, message: WorkCalendarMessages.yearInvalid });
    }
    const noBody = await call('admin', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries: 'x' });
    expect(noBody.body.status_code).toBe(422);
    const read = await call('zhangsan', 'GET', '/api/holiday/calendar?year=');
    expect(read.body).toMatchObject({ status_code: 422, message: WorkCalendarMessages.yearInvalid });
  });
});

describe('loadWorkCalendar', () => {
  it('gives the holidays and make-up workdays of a span', async () => {
    await call('admin', 'PUT', `/api/holiday/calendar/${YEAR}`, { entries: ENTRIES });
    const calendar = await loadWorkCalendar(server.db, '2031-09-29', '2031-12-31');
    expect([...calendar.holidays]).toEqual(['2031-10-01', '2031-10-02']);
    expect([...calendar.workdays]).toEqual([]);
  });
});

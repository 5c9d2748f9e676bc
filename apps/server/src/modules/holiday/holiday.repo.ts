import type { Db } from '../../db/index';

export function findStats(db: Db, userId: number, year: number) {
  return db
    .selectFrom('holiday_stats')
    .select(['year', 'total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst();
}

import type { Db } from '../../db/index';
import { preparedQuery } from '../../db/prepared';

/** The stamp row every person's is read with: it moves with the names the lists show (migration 0039). */
const NAMES_ROW = 0;

const stampQuery = preparedQuery((db: Db, params: { me: number }) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('bill_box_stamps').select('stamp').where('user_id', '=', params.me).as('mine'),
    eb.selectFrom('bill_box_stamps').select('stamp').where('user_id', '=', NAMES_ROW).as('names'),
  ]),
);

/**
 * Where a person's 待办 box and dashboard counts stand: a text that changes whenever a committed write may have
 * changed what they show (the triggers of migration 0039). A person nothing has touched yet reads `0:…`.
 */
export async function readBoxStamp(db: Db, me: number): Promise<string> {
  const [row] = await stampQuery(db, { me });
  return `${row?.mine ?? 0}:${row?.names ?? 0}`;
}

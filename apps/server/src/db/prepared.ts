import type { Compilable, CompiledQuery } from 'kysely';
import { nameStatement, type Db } from './index';

/**
 * A query of fixed shape built and compiled once per database, then run with new parameters.
 * Building and compiling with Kysely cost more than running the query on the hot paths that every
 * request takes (session lookup). Each parameter is bound by name, so the order in which the SQL
 * mentions them does not matter.
 */
export function preparedQuery<P extends Record<string, string | number>, R>(build: (db: Db, params: P) => Compilable<R>) {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; slots: (keyof P | undefined)[] }>();
  return async (db: Db, params: P): Promise<R[]> => {
    let entry = compiledFor.get(db);
    if (!entry) {
      // Compile once with sentinel values, then remember which parameter each slot holds.
      const sentinels = Object.fromEntries(Object.keys(params).map((key) => [key, `\u0000${key}\u0000`])) as unknown as P;
      const query = build(db, sentinels).compile();
      nameStatement(query.sql);
      const slots = query.parameters.map((value) => Object.keys(params).find((key) => value === `\u0000${key}\u0000`));
      entry = { query, slots };
      compiledFor.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, index) => (slot === undefined ? query.parameters[index] : params[slot]));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

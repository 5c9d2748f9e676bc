import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Keyword search with LIKE, the same on both engines (issue 11, item 7).
 *
 * A user's `%` or `_` would otherwise be a wildcard (`%` matched every row), and `\` means
 * different things: PostgreSQL takes it as LIKE's default escape character, SQLite has none. So the
 * keyword's `\`, `%` and `_` are escaped with `\` and every LIKE says `ESCAPE '\'` explicitly —
 * then `%` finds the names that contain a percent sign, on SQLite and PostgreSQL alike.
 *
 * Case: SQLite's LIKE ignores ASCII case and PostgreSQL's does not, so the same search found
 * different rows per engine. Both sides go through SQL `lower()`, which makes every keyword search
 * case-insensitive on both engines (for letters outside ASCII only PostgreSQL folds case; Chinese
 * has none).
 */

/** The keyword with `\`, `%` and `_` escaped by `\`, for a LIKE that says `ESCAPE '\'`. */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `column` contains `keyword` literally, ignoring case. */
export function containsText(column: Expression<string | null>, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like lower(${`%${escapeLike(keyword)}%`}) escape '\\'`;
}

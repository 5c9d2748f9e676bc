/**
 * Whether a database error is a unique constraint refusing a row, on either engine (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE). A service checks a name is free before writing it; two requests can both pass that
 * check at once on PostgreSQL, and the constraint's refusal then becomes the same field error the check gives.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

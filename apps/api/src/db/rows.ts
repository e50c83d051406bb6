// The rows of a raw `db.execute(sql...)`: node-postgres and PGlite answer `{ rows }`; a driver that
// answers the bare array is read as is.
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

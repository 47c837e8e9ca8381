// Constraint violations from either engine, reduced to what the write layer needs to answer 422/409.
// better-sqlite3: code SQLITE_CONSTRAINT_UNIQUE "UNIQUE constraint failed: bookings.number" /
// SQLITE_CONSTRAINT_FOREIGNKEY. pg: code 23505 with detail "Key (number)=(...) already exists." / 23503.

export type ConstraintViolation = { kind: 'unique'; columns: string[] } | { kind: 'foreignKey' };

export function constraintViolation(error: unknown): ConstraintViolation | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = /constraint failed: (.+)$/.exec(String(message))?.[1] ?? '';
    return { kind: 'unique', columns: list.split(',').map((c) => c.trim().split('.').pop() ?? '') };
  }
  if (code === '23505') {
    const list = /Key \(([^)]+)\)=/.exec(String(detail ?? ''))?.[1] ?? '';
    return { kind: 'unique', columns: list.split(',').map((c) => c.trim()) };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return { kind: 'foreignKey' };
  return null;
}

/** A unique index refused the write (the users' email, the bootstrap's first account). */
export const isUniqueViolation = (error: unknown): boolean => constraintViolation(error)?.kind === 'unique';

import { type RawBuilder, sql } from 'kysely';
import type { RouteAccess } from '../core/context.js';
import { ref } from '../engine/sql.js';
import type { Field, FieldType, RouteKind } from '../engine/types.js';

// Shorthands for the declarations in this folder.

type Options = Omit<Field, 'type'>;
const of =
  (type: FieldType, base: Options = {}) =>
  (options: Options = {}): Field => ({ type, ...base, ...options });

export const f = {
  id: of('id', { notNull: true }),
  integer: of('integer'),
  number: of('number'),
  string: of('string'),
  /** A required name or label, listed in French alphabetical order (small reference tables only). */
  alphabetical: of('string', { notNull: true, isOrderedAlphabetically: true }),
  text: of('text', { sortable: false }),
  flag: of('flag', { notNull: true }),
  date: of('date'),
  time: of('time'),
  timestamp: of('timestamp', { notNull: true }),
};

/** `first_name last_name`, trimmed (either may be missing). */
export const fullNameSql = (alias: string): RawBuilder<string> =>
  sql<string>`trim(coalesce(${ref(alias, 'first_name')}, '') || ' ' || coalesce(${ref(alias, 'last_name')}, ''))`;

export const fullName = (): Field => ({ type: 'string', sql: fullNameSql });

/** Access of each generic route. {} is "any signed-in user" (the auth plugin's default for /api). */
export const SIGNED_IN: RouteAccess = {};
export const readOnly = (access: RouteAccess = SIGNED_IN): Partial<Record<RouteKind, RouteAccess>> => ({
  list: access,
  read: access,
});
export const crud = (
  read: RouteAccess = SIGNED_IN,
  write: RouteAccess = SIGNED_IN,
): Partial<Record<RouteKind, RouteAccess>> => ({ list: read, read, create: write, update: write, delete: write });

/**
 * The 409 message of a deletion refused while other rows use the record, with their number (write.dependents):
 * usedBy('Ce ballon est utilisé par', 'vol', 'vols')(12) → 'Ce ballon est utilisé par 12 vols : suppression impossible.'
 */
export const usedBy =
  (subject: string, one: string, many: string) =>
  (count: number): string =>
    `${subject} ${count} ${count === 1 ? one : many} : suppression impossible.`;

export const DEFAULT_LABEL_ORDER = [{ field: 'label', direction: 'ASC' as const }];

// What flights are made of: balloons, locations, pilots, teammates, prestations and their
// ticket templates. Each `is_default` is exclusive (the new-flight dialog is pre-filled with it).
export const exclusiveDefault = [{ field: 'is_default' }];

export const statusFields = {
  id: f.id(),
  slug: f.string({ notNull: true }),
  label: f.string({ notNull: true }),
  label_plural: f.string({ notNull: true }),
  color: f.string(),
  icon: f.string({ notNull: true }),
  is_editable: f.flag(),
  position: f.integer({ notNull: true }),
};

export const byPosition = [
  { field: 'position', direction: 'ASC' as const },
  { field: 'id', direction: 'ASC' as const },
];

import type { OrderItem } from '@app/domain';
import type { Kysely, RawBuilder, SqlBool, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext, Auth, RouteAccess } from '../core/context.js';
import type { DB } from '../db/schema.js';

// Resource declarations of the list-query language (docs/api.md): one per entity in resources/<entity>.ts. The engine reads them to
// validate a list query, to build its SQL and to write. Identifiers in SQL only ever come from here.

/**
 * Table versions a read request already holds: read with its session, before anything it computes (PostgreSQL:
 * auth/sessions.ts). A cache that compares with them (engine/count-cache.ts) keeps its rule, and saves a round trip.
 */
export type KnownVersions = ReadonlyMap<string, string>;

/** What the engine runs with: the app context, plus who asks (scopes and author fields read it). */
export type EngineContext = AppContext & {
  auth?: Auth | null;
  /**
   * A read request's table versions, read with its session (PostgreSQL: auth/sessions.ts) before anything else it
   * computes: the read's caches compare with them without reading them again. Never for a request that writes (its
   * own writes would leave them behind).
   */
  versions?: KnownVersions;
};

export type FieldType = 'id' | 'integer' | 'number' | 'string' | 'text' | 'flag' | 'date' | 'time' | 'timestamp';

/** A SQL expression over the row of the given table alias. */
export type RowExpression<T = unknown> = (alias: string) => RawBuilder<T>;
export type RowCondition = RowExpression<SqlBool>;

/** A resource's fields declaring at least every column of its table (more: computed fields), checked by `satisfies`. */
export type FieldsOf<Table> = { [K in keyof Table]-?: Field } & Record<string, Field>;

export type Field = {
  type: FieldType;
  /** Column name, defaults to the field name. Ignored for computed fields. */
  column?: string;
  /** A computed field: read-only, answered on every read, filterable and sortable like a column. */
  sql?: RowExpression;
  /** Never answered (still usable in filters when filterable). */
  hidden?: boolean;
  filterable?: boolean;
  sortable?: boolean;
  /** The column is NOT NULL: ordering needs no NULLS LAST (which would keep SQLite off the index). */
  notNull?: boolean;
  /**
   * Ordered as a French reader expects, accents and case aside ('avion', 'Écureuil', 'Zèbre'; SQLite compares
   * bytes, which puts 'É' after 'z'), then by the exact text. For small tables: the fold() keeps indexes out.
   */
  isOrderedAlphabetically?: boolean;
  /**
   * SQLite only: the column is indexed in the FTS5 trigram table `<table>_fts` (migration 0004), so a
   * contains/prefix match of 3+ characters uses that index instead of scanning with fold().
   */
  textIndex?: boolean;
  /**
   * How `search` compares this field: 'digits' leaves out the separators a phone number is typed with (spaces,
   * dots, dashes, slashes, brackets, '+'), from the column and from the text alike, so '0612345678' and '06.12.34'
   * find '06 12 34 56 78'. Filters still compare the column as stored.
   */
  searchAs?: 'digits';
  /**
   * The tables a computed field's SQL reads besides its own row's: lets the count cache (count-cache.ts) keep the
   * total of a list filtered on it. Without it, such a list is counted on every read.
   */
  reads?: string[];
  /**
   * A computed field a list's rows read from one sub-select shared with others: the name of the resource's
   * `sharedSelects` entry that lists it. Filters, order and embeds still use its own `sql`.
   */
  shared?: string;
};

/**
 * Computed fields read together by a list's rows: one sub-select over `from` (the rows it aggregates, on the inner
 * alias, for the row's alias) answering each field's aggregate in one JSON array, instead of one sub-select each
 * (a booking's passengers read once for its weight and its completeness: bench a, the rows statement 30 % faster).
 */
export type SharedSelect = {
  from: (alias: string, inner: string) => RawBuilder<unknown>;
  fields: Record<string, (alias: string, inner: string) => RawBuilder<unknown>>;
};

type RelationBase = {
  /** Target resource name (a key of the registry). */
  target: string;
  /** Extra condition on the target rows (hasOne referent, next flights...). */
  where?: RowCondition;
  /**
   * What the values `where` binds depend on, when they change from call to call (today's date for the next
   * flights): embeds of the relation are then compiled once per value of this key (engine/compiled.ts) instead
   * of on every call. Every value `where` binds must be determined by it.
   */
  whereKey?: () => string;
  /** Order of embedded lists; the target's default order otherwise. */
  order?: OrderItem[];
};

export type Relation =
  | (RelationBase & { kind: 'belongsTo'; foreignKey: string })
  /** Children whose `foreignKey` points at this row. `single`: answers the first one (or null) when embedded. */
  | (RelationBase & { kind: 'hasMany'; foreignKey: string; single?: boolean })
  /** Through a pivot table: pivot.localKey = this.id, pivot.foreignKey = target.id. */
  | (RelationBase & { kind: 'manyToMany'; pivot: string; localKey: string; foreignKey: string })
  /** A pivot read in both directions (booking_links: booking_id <-> linked_booking_id). */
  | (RelationBase & { kind: 'symmetric'; pivot: string; localKey: string; foreignKey: string });

export type AppendFunction = (ctx: EngineContext, rows: Record<string, unknown>[]) => Promise<void>;

export type Row = Record<string, unknown>;
export type Db = Kysely<DB> | Transaction<DB>;

export type RouteKind = 'list' | 'read' | 'create' | 'update' | 'delete';

/** Hook arguments: the transaction every change of one write runs in, and the request's context. */
export type WriteScope = { ctx: EngineContext; trx: Transaction<DB> };

export type WriteSpec = {
  // biome-ignore lint/suspicious/noExplicitAny: each resource brings its own zod object schema
  create?: z.ZodType<Record<string, any>>;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  update?: z.ZodType<Record<string, any>>;
  /** Column values a create gets when the payload leaves them out (new bookings: status 1). */
  defaults?: Record<string, unknown>;
  /** Flags only one row may carry at a time (within `scope` rows when given): is_default, is_referent. */
  exclusive?: { field: string; scope?: string }[];
  /** Columns unique across rows (within `scope` rows when given); a clash answers 422 with `message` on the field. */
  unique?: { field: string; scope?: string; message: string }[];
  /**
   * To-many relations written as a list of ids under their own name (flight `teammates`, booking
   * `flight_schedules`): manyToMany rewrites the pivot rows, hasMany sets the children's foreign key.
   */
  relations?: string[];
  /**
   * Rows elsewhere that keep this one from being deleted (409 with the message). A message given as a function
   * receives how many rows still use this one ('Ce ballon est utilisé par 12 vols : suppression impossible.').
   */
  dependents?: { table: keyof DB & string; column: string; message: string | ((count: number) => string) }[];
  /** A create whose values on these columns already exist answers the existing row (200) instead. */
  idempotentOn?: string[];
  /**
   * Runs before insert/update with the values to write, on update the current row, and the id lists sent for
   * `relations`. May change values.
   */
  beforeWrite?: (
    scope: WriteScope,
    values: Row,
    existing: Row | null,
    lists: ReadonlyMap<string, number[]>,
  ) => Promise<void> | void;
  /** Runs before a delete, after the dependents check; throw to refuse. */
  beforeDelete?: (scope: WriteScope, existing: Row) => Promise<void> | void;
};

export type Resource = {
  /** The path under /api and the registry key (kebab-case, as the web calls it). */
  name: string;
  table: keyof DB & string;
  fields: Record<string, Field>;
  relations?: Record<string, Relation>;
  /** Field paths OR-ed by `search` (contains, accent- and case-insensitive). */
  search?: string[];
  /** Field paths a `search` starting with `#` looks up by prefix (booking numbers). */
  hashSearch?: string[];
  defaultOrder: OrderItem[];
  /** Computed fields answered by one sub-select each group (Field.shared). */
  sharedSelects?: Record<string, SharedSelect>;
  appends?: Record<string, AppendFunction>;
  /**
   * Runs on every read of the resource's rows (a list page, a detail, each chunk of a CSV export), after embeds
   * and appends: fills what SQL does not compute (the history's names of records: engine/history-labels.ts).
   */
  afterRead?: AppendFunction;
  /** Rows the asker may see at all (settings hides the su-only keys). */
  scope?: (ctx: EngineContext) => RowCondition | null;
  /**
   * What an API key (bearer token) may read of this resource: these fields, these relations (to resources that
   * declare their own `apiClient`), these appends. Anything else is a 403 naming it, and absent from answers. A
   * resource without it is unreadable by an API key, even embedded (keys reach order intake and
   * the read-only planning, never customers' personal data).
   */
  apiClient?: { fields: string[]; relations?: string[]; appends?: string[] };
  /** Which generic routes exist, each with its access policy (core/context.ts RouteAccess). */
  routes: Partial<Record<RouteKind, RouteAccess>>;
  write?: WriteSpec;
};

export type Registry = ReadonlyMap<string, Resource>;

declare module '../core/context.js' {
  interface AppContext {
    /** The resource declarations the engine serves (resources/index.ts), handed over where the app is built. */
    registry: Registry;
  }
}

export const isToMany = (relation: Relation): boolean =>
  relation.kind === 'manyToMany' || relation.kind === 'symmetric' || (relation.kind === 'hasMany' && !relation.single);

export const fieldColumn = (name: string, field: Field): string => field.column ?? name;

export const isNumeric = (field: Field): boolean =>
  field.type === 'integer' || field.type === 'number' || field.type === 'id';

export const isTextual = (field: Field): boolean => field.type === 'string' || field.type === 'text';

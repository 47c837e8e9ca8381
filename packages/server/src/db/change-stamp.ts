// A cheap, exact test that nothing was written to a SQLite database since an earlier look: the connection's
// `total_changes()` (every row this connection inserted, updated or deleted, triggers included) beside
// `data_version` (moves when any other connection, in this process or another, commits). Reading both is one
// statement of about a microsecond that touches no table, where the reads it lets us skip (the table versions
// before every list read, the session before every API call) touch several index pages each.
//
// The rule the callers keep: read the stamp BEFORE reading what is kept under it. A write committed in between
// makes the kept value newer than its stamp, and the stamp seen next differs, so it is read again; a value is
// reused only while the stamp is the one seen before it was read. Not for PostgreSQL (no such counter: the
// versions come with the page statement there), nor inside a transaction (its writes are not committed yet).

const readers = new WeakMap<object, () => string>();

/** Called by createDatabase for a SQLite database: how its Kysely instance reads its stamp. */
export function registerChangeStamp(db: object, read: () => string): void {
  readers.set(db, read);
}

/** The database's stamp now, or null when it has none (PostgreSQL, a transaction's own Kysely instance). */
export function changeStamp(db: object): string | null {
  return readers.get(db)?.() ?? null;
}

/**
 * Values kept while a database is unchanged: everything is dropped when the stamp moves, so a kept value is never
 * older than the last write. Bounded: past `max` entries the oldest goes.
 */
export class KeptWhileUnchanged<V> {
  private stamp: string | null = null;
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value kept under `key` when `stamp` is the stamp it was read under. */
  get(stamp: string, key: string): V | undefined {
    if (stamp !== this.stamp) return undefined;
    return this.entries.get(key);
  }

  /** Keeps a value read after `stamp` was seen. */
  set(stamp: string, key: string, value: V): void {
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    if (this.entries.size >= this.max && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, value);
  }
}

/**
 * Values of one kind per database, each read by its loader and kept while the database is unchanged: the stamp is
 * read before the loader runs (the rule above). A failed read is not kept.
 */
export class KeptPerDatabase<V> {
  private readonly byDatabase = new WeakMap<object, KeptWhileUnchanged<Promise<V>>>();

  constructor(private readonly max: number) {}

  /**
   * The value of `key`, kept or loaded now; null when the database has no stamp (read it every time then). `stamp`:
   * the database's stamp read by the caller just before (to label other values with the same reading).
   */
  read(db: object, key: string, load: () => Promise<V>, stamp = changeStamp(db)): Promise<V> | null {
    if (stamp === null) return null;
    let kept = this.byDatabase.get(db);
    if (!kept) {
      kept = new KeptWhileUnchanged(this.max);
      this.byDatabase.set(db, kept);
    }
    const hit = kept.get(stamp, key);
    if (hit) return hit;
    const value = load();
    kept.set(stamp, key, value);
    value.catch(() => this.forget(db));
    return value;
  }

  /** Drops what is kept for a database. */
  forget(db: object): void {
    this.byDatabase.delete(db);
  }
}

// What the server keeps between requests: every cache of the read path is declared here, through one interface
// (what it keeps, its key, what invalidates it, its bound, what it is attached to) and cleared through it. The list
// itself is the documentation: `registeredCaches()` answers it, and each module that keeps something registers its
// cache with `defineCache` (or `registerCache` for a keeper of its own) when it is loaded.
//
// Each answer kept is exact: apart from the public planning (a short time to live, by design), nothing is served
// after a write that changes it. The database's own labels say so: `table_versions` (bumped by triggers in the
// writing transaction, by any writer and any process: migration 0014) and, on SQLite, the change stamp
// (db/change-stamp.ts). The rule shared by all that use them: the label is read BEFORE the answer is computed, so a
// write in between makes the kept answer newer than its label, never older. Requests that arrive while the same
// answer is being computed share it (kept reads, answer caches, public planning).
//
// Where a cache's state lives: attached to its database (the Kysely instance, shared by every app that reads it:
// a write by any of them moves the same labels) or to its app (its context), in a WeakMap keyed by it, never in a
// module's own variable: tests and the bench open several databases and apps in one process, and the server's tests
// share modules between files. Dropping the database or the app drops what was kept for it.
//
// Not here: the drivers' prepared statements (db/database.ts, the connection's own), the maintenance flag's
// one-second reading (auth/maintenance.ts, a setting rather than an answer) and the serialised JSON of an answer
// already kept (engine/answer-cache.ts' jsonOnce, attached to the answer object itself).

/** What a cache's state is attached to. */
export type CacheOwnerKind = 'database' | 'app';

/** The one description every cache gives of itself. */
export type CacheDescription = {
  /** Where it lives, and the name it is known by there: `engine/count-cache.ts (totals)`. */
  readonly name: string;
  /** What is kept. */
  readonly keeps: string;
  /** What an entry is kept under. */
  readonly key: string;
  /** What drops an entry (a write, a time, never). */
  readonly invalidatedBy: string;
  /** How much is kept at most. */
  readonly bound: string;
  /** Whether its state hangs on the database (the Kysely instance) or the app (its context). */
  readonly attachedTo: CacheOwnerKind;
};

/** What clearing a cache is given: the app (its context), which names its database. */
export type CacheApp = { readonly db: object };

export type RegisteredCache = CacheDescription & {
  /** Drops everything the cache keeps for this app (or the app's database, for a cache attached to it). */
  clear(app: CacheApp): void;
};

const registry: RegisteredCache[] = [];

/** Declares a cache whose state is kept by its own module; `clear` drops what it keeps for the app or its database. */
export function registerCache(description: CacheDescription, clear: (app: CacheApp) => void): RegisteredCache {
  const cache = { ...description, clear };
  registry.push(cache);
  return cache;
}

/** A cache's state per owner (a database or an app): created at first use, dropped by `forget` and `clearCaches`. */
export class CacheState<O extends object, S> {
  private readonly states = new WeakMap<object, S>();

  constructor(
    private readonly create: (owner: O) => S,
    /** The object the state is kept under (the owner itself by default). */
    private readonly keyOf: (owner: O) => object = (owner) => owner,
  ) {}

  /** The owner's state, if it has one. */
  get(owner: O): S | undefined {
    return this.states.get(this.keyOf(owner));
  }

  /** The owner's state, created now if it has none. */
  of(owner: O): S {
    const key = this.keyOf(owner);
    let state = this.states.get(key);
    if (state === undefined) {
      state = this.create(owner);
      this.states.set(key, state);
    }
    return state;
  }

  /** Puts a new state in place of the owner's (a cache that starts afresh when its label moves). */
  replace(owner: O, state: S): void {
    this.states.set(this.keyOf(owner), state);
  }

  /** Drops what is kept for the owner. */
  forget(owner: O): void {
    this.states.delete(this.keyOf(owner));
  }
}

/**
 * Declares a cache and returns its state per owner. `ownerOf` names the owner in an app: its database (the default
 * for `attachedTo: 'database'`) or the app's context.
 */
export function defineCache<O extends object, S>(
  description: CacheDescription,
  create: (owner: O) => S,
  options: { keyOf?: (owner: O) => object; ownerOf?: (app: CacheApp) => O } = {},
): CacheState<O, S> {
  const state = new CacheState<O, S>(create, options.keyOf);
  const ownerOf = options.ownerOf ?? ((app: CacheApp) => (description.attachedTo === 'app' ? app : app.db) as O);
  registerCache(description, (app) => state.forget(ownerOf(app)));
  return state;
}

/** Every cache the loaded modules declared, with its description. */
export function registeredCaches(): readonly RegisteredCache[] {
  return registry;
}

/**
 * Drops everything kept for an app and its database, in every cache: what a test that changes the database behind
 * the engine's back (a table added, versions rewritten) calls before reading again.
 */
export function clearCaches(app: CacheApp): void {
  for (const cache of registry) cache.clear(app);
}

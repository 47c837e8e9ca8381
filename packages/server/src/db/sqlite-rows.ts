import type Sqlite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

// better-sqlite3 builds each row as an object one property at a time, which leaves V8 an object in dictionary
// mode: slow to build (a page of ten bookings, 23 columns: 59 µs) and slow to read and serialise afterwards. The
// same rows read as arrays (`raw` mode) and turned into objects by a function written for the statement's columns
// come out as ordinary objects sharing one hidden class: 29 µs for the page, and its JSON twice as fast.

type RowFactory = (values: readonly unknown[]) => Record<string, unknown>;

/** Factories per column list: statements answering the same columns share one (and one hidden class). */
const factories = new Map<string, RowFactory>();
const MAX_FACTORIES = 2000;

/**
 * An object literal with the columns in order, as better-sqlite3 would build it (a repeated name: the last one
 * wins). Names are written as JSON strings, so no column name can be read as code; `__proto__` would set the
 * prototype in a literal, so such a statement keeps better-sqlite3's objects.
 */
export function rowFactory(names: readonly string[]): RowFactory | null {
  if (names.includes('__proto__')) return null;
  const key = names.join('\u0000');
  let factory = factories.get(key);
  if (!factory) {
    const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
    factory = new Function('v', `return { ${fields} };`) as RowFactory;
    if (factories.size >= MAX_FACTORIES) factories.delete(factories.keys().next().value as string);
    factories.set(key, factory);
  }
  return factory;
}

/**
 * The statement as Kysely's driver uses it (`reader`, `all`, `iterate`, `run`), its rows built by a factory. A
 * statement SQLite prepared again under a changed schema (another process's migration) may answer other columns:
 * the factory is then made again from the statement's columns.
 */
export function withObjectRows(statement: Sqlite.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  const columnsOf = () => statement.columns().map((column) => column.name);
  let names = columnsOf();
  const first = rowFactory(names);
  if (!first) return statement as unknown as SqliteStatement;
  let make: RowFactory = first;
  statement.raw(true);
  const build = (values: unknown[]): Record<string, unknown> => {
    if (values.length !== names.length) {
      names = columnsOf();
      make = rowFactory(names) ?? ((v) => Object.fromEntries(names.map((name, i) => [name, v[i]])));
    }
    return make(values);
  };
  return {
    reader: true,
    all: (parameters: ReadonlyArray<unknown>) => (statement.all(parameters) as unknown[][]).map((row) => build(row)),
    iterate: function* (parameters: ReadonlyArray<unknown>) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield build(row);
    },
    run: (parameters: ReadonlyArray<unknown>) => statement.run(parameters),
  } as SqliteStatement;
}

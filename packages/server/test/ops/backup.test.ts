import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_MESSAGES,
  type BackupSource,
  createBackup,
  MANIFEST_FILE,
  type RestoreTarget,
  restoreBackup,
  verifyBackup,
} from '../../src/services/backup.js';
import { newBooking, newCustomer, newPassenger } from '../builders.js';
import { createSharedTestDatabase, engine, postgresUrl, type TestDatabase } from '../helpers.js';

// Issue 32: `npm run backup` copies the database while the servers write, `npm run restore` puts it back into an
// empty target. The copy must be one consistent moment: a booking created during the backup is in it with all of
// its passengers or not at all, and every table holds what the source held at that moment.

const PASSENGERS_PER_BOOKING = 3;
type Row = Record<string, unknown>;
type Tables = Map<string, Map<string, Row>>;

/** Every table's rows, keyed by primary key (rowid for SQLite's virtual tables), read through the bare driver. */
async function readTables(url: string): Promise<Tables> {
  const tables: Tables = new Map();
  if (url.startsWith('sqlite:')) {
    const db = new Sqlite(url.replace(/^sqlite:(\/\/)?/, ''), { readonly: true });
    try {
      const names = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name")
        .pluck()
        .all() as string[];
      for (const name of names) {
        const pk = db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(name);
        const rows = db.prepare(`SELECT ${pk.length ? '' : 'rowid AS "(rowid)", '}* FROM "${name}"`).all() as Row[];
        const key = (row: Row) => JSON.stringify(pk.length ? pk.map((c) => row[c as string]) : [row['(rowid)']]);
        tables.set(name, new Map(rows.map((row) => [key(row), row])));
      }
    } finally {
      db.close();
    }
    return tables;
  }
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  parsed.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: parsed.toString() });
  await client.connect();
  try {
    const names = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1",
      [schema],
    );
    for (const { name } of names.rows) {
      const qualified = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
      const pk = await client.query<{ column: string }>(
        `SELECT a.attname AS column FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
        [qualified],
      );
      const columns = pk.rows.map((r) => r.column);
      const rows = (await client.query<Row>(`SELECT * FROM ${qualified}`)).rows;
      const key = (row: Row) => JSON.stringify(columns.length ? columns.map((c) => row[c]) : row);
      tables.set(name, new Map(rows.map((row) => [key(row), row])));
    }
  } finally {
    await client.end();
  }
  return tables;
}

/** A new empty target: a data folder, and a database file to be (SQLite) or a database of its own (PostgreSQL). */
async function emptyTarget(work: string, sourceUrl: string): Promise<RestoreTarget & { drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(work, 'cible-'));
  const files = { dataDir, remoteOrdersDir: path.join(dataDir, 'remote-orders'), appKey: undefined };
  if (engine === 'sqlite')
    return { ...files, databaseUrl: `sqlite://${path.join(dataDir, 'app.sqlite')}`, drop: async () => {} };
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(postgresUrl);
  target.pathname = `/${name}`;
  // The dump holds the source's schema: the target names the same one (the test databases are schemas).
  target.searchParams.set('schema', new URL(sourceUrl).searchParams.get('schema') ?? 'public');
  return {
    ...files,
    databaseUrl: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe(`backup and restore on ${engine}`, () => {
  let source: TestDatabase;
  let work: string;
  let from: BackupSource;
  const targets: { drop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    source = await createSharedTestDatabase();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sauvegarde-'));
    const dataDir = path.join(work, 'source');
    fs.mkdirSync(path.join(dataDir, 'remote-orders', '2026'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'app.key'), `${crypto.randomBytes(32).toString('base64')}\n`);
    fs.writeFileSync(path.join(dataDir, 'remote-orders', '2026', 'commande-1.json'), '{"order":1}\n');
    from = {
      databaseUrl: source.url,
      dataDir,
      remoteOrdersDir: path.join(dataDir, 'remote-orders'),
      appKey: undefined,
    };
    // Names repeated by every booking of the load, written once before it.
    const customer = await newCustomer(source.db);
    const booking = await newBooking(source.db, { customer_id: customer, number: 'AVANT-1' });
    await newPassenger(source.db, booking);
  });
  // Each DROP DATABASE waits for a checkpoint: one after the other they outlasted the default 30 s on a loaded
  // machine (seen in CI), together they share it.
  afterAll(async () => {
    await Promise.all(targets.map((target) => target.drop()));
    await source.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('copies a consistent moment while bookings are created, and restores every table as it was', async () => {
    // Four writers create bookings (a customer, the booking, three passengers: one transaction each) until told to
    // stop; each notes what it committed, and when.
    type Created = { booking: number; customer: number; passengers: number[]; committedAt: number };
    const created: Created[] = [];
    let stop = false;
    let counter = 0;
    const writer = async () => {
      while (!stop) {
        counter += 1;
        const n = counter;
        const row = await source.db.transaction().execute(async (trx) => {
          const customer = await newCustomer(trx);
          const booking = await newBooking(trx, { customer_id: customer, number: `CHARGE-${n}` });
          const passengers: number[] = [];
          for (let i = 0; i < PASSENGERS_PER_BOOKING; i += 1) passengers.push(await newPassenger(trx, booking));
          return { booking, customer, passengers };
        });
        created.push({ ...row, committedAt: performance.now() });
        // SQLite's driver answers within microtasks: without a turn of the event loop the writers would starve
        // everything else (timers, the backup's worker messages), as requests never do in a server.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    let failure: unknown = null;
    const load = Promise.all([writer(), writer(), writer(), writer()]).catch((error: unknown) => {
      failure = error;
    });
    const waitFor = async (count: number) => {
      while (created.length < count) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    try {
      await waitFor(20);
      const startedAt = performance.now();
      const { dir, manifest } = await createBackup(from, path.join(work, 'sauvegarde-charge'));
      const endedAt = performance.now();
      const atEnd = created.length;
      // Writes went on after the backup too: it was taken in the middle of the load.
      await waitFor(atEnd + 20);
      stop = true;
      await load;

      expect(manifest.engine).toBe(engine);
      expect(manifest.schema_version).toMatch(/^\d{4}_/);
      expect(manifest.files.map((f) => f.path)).toEqual([
        'app.key',
        engine === 'sqlite' ? 'database.sqlite' : 'database.dump',
        'remote-orders/2026/commande-1.json',
      ]);

      const target = await emptyTarget(work, source.url);
      targets.push(target);
      await restoreBackup(dir, target);
      expect(fs.readFileSync(path.join(target.dataDir, 'app.key'))).toEqual(
        fs.readFileSync(path.join(from.dataDir, 'app.key')),
      );
      expect(fs.readFileSync(path.join(target.remoteOrdersDir, '2026', 'commande-1.json'), 'utf8')).toBe(
        '{"order":1}\n',
      );

      const restored = await readTables(target.databaseUrl);
      const now = await readTables(source.url);
      const has = (table: string, id: number) => restored.get(table)?.has(JSON.stringify([id])) ?? false;

      // Each booking of the load is there whole or not at all; all those committed before the backup began are.
      const kept = created.filter((c) => has('bookings', c.booking));
      for (const c of created) {
        const parts = [has('customers', c.customer), ...c.passengers.map((p) => has('passengers', p))];
        expect(parts, `réservation ${c.booking}`).toEqual(parts.map(() => has('bookings', c.booking)));
        if (c.committedAt < startedAt) expect(has('bookings', c.booking), `réservation ${c.booking}`).toBe(true);
      }
      expect(kept.length).toBeGreaterThanOrEqual(created.filter((c) => c.committedAt < startedAt).length);
      expect(kept.length).toBeLessThan(created.length);
      for (const c of created.filter((c) => c.committedAt > endedAt + 1000))
        expect(has('bookings', c.booking)).toBe(false);

      // Every table: each restored row is the source's row as it still is (the load only adds rows); the rows the
      // source has beyond them are the bookings the backup came too early for, and what they caused.
      const missing = created.filter((c) => !has('bookings', c.booking));
      const late = {
        customers: new Set(missing.map((c) => c.customer)),
        bookings: new Set(missing.map((c) => c.booking)),
        passengers: new Set(missing.flatMap((c) => c.passengers)),
      };
      expect([...restored.keys()]).toEqual([...now.keys()]);
      for (const [table, rows] of now) {
        // Segments merged as terms come: compared in the copy taken at rest, below.
        if (isSearchIndexShadow(table)) continue;
        const copy = restored.get(table) ?? new Map<string, Row>();
        const isCounter = COUNTER_TABLES.has(table);
        for (const [key, row] of copy) {
          expect(rows.has(key), `${table} ${key}`).toBe(true);
          if (!isCounter) expect(row, `${table} ${key}`).toEqual(rows.get(key));
        }
        for (const [key, row] of rows) {
          if (copy.has(key)) continue;
          const id = Number(row.id);
          const isLate =
            (table in late && late[table as keyof typeof late].has(id)) ||
            isCounter ||
            (isSearchTerms(table) && missing.some((c) => Object.values(row).includes(numberOf(now, c.booking)))) ||
            // A row per booking written, which names no booking: checked against the copy's bookings below.
            table === 'booking_month_totals';
          expect(isLate, `${table} ${key} absent de la copie`).toBe(true);
        }
      }
      // The dashboard's monthly figures in the copy are its bookings' own: appended in the same transactions.
      expect(monthTotals(restored, 'booking_month_totals')).toEqual(monthTotals(restored, 'bookings'));
    } finally {
      stop = true;
      await load;
    }
  }, 120_000);

  it('restores a copy taken at rest equal, table by table and row by row, to its source', async () => {
    const { dir } = await createBackup(from, path.join(work, 'sauvegarde-repos'));
    const target = await emptyTarget(work, source.url);
    targets.push(target);
    await restoreBackup(dir, target);
    const restored = await readTables(target.databaseUrl);
    const now = await readTables(source.url);
    expect([...restored.keys()]).toEqual([...now.keys()]);
    for (const [table, rows] of now) expect(restored.get(table), table).toEqual(rows);
    expect((restored.get('bookings')?.size ?? 0) > 40).toBe(true);
  }, 120_000);

  it('refuses a target that holds data, and a backup whose files changed, went missing or were added', async () => {
    const { dir } = await createBackup(from, path.join(work, 'sauvegarde-refus'));
    // The source itself is not empty.
    await expect(restoreBackup(dir, from)).rejects.toThrow(/^Restauration refusée : la cible n'est pas vide/);

    const target = await emptyTarget(work, source.url);
    targets.push(target);
    const untouched = async () => {
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      if (engine === 'postgres') {
        const tables = await readTables(target.databaseUrl);
        expect(tables.size).toBe(0);
      }
    };
    const copy = (name: string) => {
      const to = path.join(work, name);
      fs.cpSync(dir, to, { recursive: true });
      return to;
    };

    const changed = copy('modifiee');
    fs.appendFileSync(path.join(changed, 'remote-orders', '2026', 'commande-1.json'), ' ');
    await expect(restoreBackup(changed, target)).rejects.toThrow(
      BACKUP_MESSAGES.changedFile('remote-orders/2026/commande-1.json'),
    );
    const database = engine === 'sqlite' ? 'database.sqlite' : 'database.dump';
    const flipped = copy('octet-change');
    const bytes = fs.readFileSync(path.join(flipped, database));
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 1;
    fs.writeFileSync(path.join(flipped, database), bytes);
    await expect(restoreBackup(flipped, target)).rejects.toThrow(BACKUP_MESSAGES.changedFile(database));

    const lost = copy('incomplete');
    fs.rmSync(path.join(lost, 'app.key'));
    await expect(restoreBackup(lost, target)).rejects.toThrow(BACKUP_MESSAGES.missingFile('app.key'));

    const added = copy('ajout');
    fs.writeFileSync(path.join(added, 'remote-orders', 'intrus.json'), '{}');
    await expect(restoreBackup(added, target)).rejects.toThrow(
      BACKUP_MESSAGES.unlistedFile('remote-orders/intrus.json'),
    );

    const noManifest = copy('sans-manifeste');
    fs.rmSync(path.join(noManifest, MANIFEST_FILE));
    await expect(restoreBackup(noManifest, target)).rejects.toThrow(BACKUP_MESSAGES.noManifest(noManifest));

    const malformed = copy('manifeste-illisible');
    const broken = JSON.parse(fs.readFileSync(path.join(malformed, MANIFEST_FILE), 'utf8'));
    broken.files[0].path = 5;
    fs.writeFileSync(path.join(malformed, MANIFEST_FILE), JSON.stringify(broken));
    await expect(restoreBackup(malformed, target)).rejects.toThrow(BACKUP_MESSAGES.noManifest(malformed));

    // A manifest edited to match a changed file still names a path outside the backup: refused.
    const escaping = copy('hors-dossier');
    const manifest = JSON.parse(fs.readFileSync(path.join(escaping, MANIFEST_FILE), 'utf8'));
    manifest.files[0].path = '../source/app.key';
    fs.writeFileSync(path.join(escaping, MANIFEST_FILE), JSON.stringify(manifest));
    await expect(restoreBackup(escaping, target)).rejects.toThrow(BACKUP_MESSAGES.changedFile('../source/app.key'));
    await untouched();

    // A target partly used: a data folder with a key already.
    fs.writeFileSync(path.join(target.dataDir, 'app.key'), 'autre\n');
    await expect(restoreBackup(dir, target)).rejects.toThrow(/la cible n'est pas vide/);
    expect(fs.readFileSync(path.join(target.dataDir, 'app.key'), 'utf8')).toBe('autre\n');
    fs.rmSync(path.join(target.dataDir, 'app.key'));

    // A backup into a folder that holds anything is refused too, the folder left as it was.
    await expect(createBackup(from, dir)).rejects.toThrow(BACKUP_MESSAGES.backupDirNotEmpty(dir));
    expect((await verifyBackup(dir)).engine).toBe(engine);
    // And once all is well, the restore goes through.
    await restoreBackup(dir, target);
  }, 120_000);
});

/** Rows that count writes (a table's version): their values move with every write, so only their keys compare. */
const COUNTER_TABLES = new Set(['table_versions', 'sqlite_sequence']);

/** Bookings and amounts per purchase month, from the bookings rows or from the rows the triggers appended. */
function monthTotals(tables: Tables, from: 'bookings' | 'booking_month_totals'): Record<string, string> {
  const sums = new Map<string, { n: number; revenue: number; remaining: number }>();
  for (const row of tables.get(from)?.values() ?? []) {
    const booked = from === 'bookings' ? row.booked_at : null;
    if (from === 'bookings' && booked == null) continue;
    const month =
      from === 'bookings'
        ? booked instanceof Date // PostgreSQL's date, read by the driver at local midnight
          ? `${booked.getFullYear()}-${String(booked.getMonth() + 1).padStart(2, '0')}`
          : String(booked).slice(0, 7)
        : String(row.month);
    const counted = from === 'bookings' && Number(row.booking_status_id) === 4 ? 0 : 1;
    const sum = sums.get(month) ?? { n: 0, revenue: 0, remaining: 0 };
    sum.n += from === 'bookings' ? 1 : Number(row.bookings);
    sum.revenue += from === 'bookings' ? counted * Number(row.total_amount ?? 0) : Number(row.revenue);
    sum.remaining += from === 'bookings' ? counted * Number(row.remaining_amount ?? 0) : Number(row.remaining);
    sums.set(month, sum);
  }
  return Object.fromEntries(
    [...sums]
      .filter(([, s]) => s.n !== 0)
      .map(([month, s]) => [month, `${s.n} ${s.revenue.toFixed(2)} ${s.remaining.toFixed(2)}`]),
  );
}
/** SQLite's full-text index storage: segments rewritten as terms come; the terms themselves are compared. */
const isSearchIndexShadow = (table: string) => /_fts_(data|idx|docsize|config|content)$/.test(table);
const isSearchTerms = (table: string) => /_terms(_fts)?$/.test(table);
const numberOf = (tables: Tables, booking: number) => tables.get('bookings')?.get(JSON.stringify([booking]))?.number;

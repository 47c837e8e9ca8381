import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { builtMain } from '../built-server.js';
import { createTestDatabase, engine, signIn, type TestApp, type TestDatabase } from '../helpers.js';
import { countRows, csvOrders, enableImport, newPrestation, tempDir } from './support.js';

// kill -9 of the real server (a child process running the built server) in the middle of an import of a few hundred orders, then a
// restart: the file is either imported once (all its bookings, in processed/) or still waiting (no booking at all),
// never half a booking; importing it again after the restart ends with each order exactly once.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
// Enough orders that the import lasts long enough to be cut inside it; the kills are placed from a measured uncut
// import, so fewer orders keep the proof and spare CI minutes (500 took nearly five minutes on PostgreSQL under load).
const ORDERS = 200;

type Server = { child: ChildProcess; base: string };
const children = new Set<ChildProcess>();

function start(env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtMain], {
      cwd: root,
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe(`kill -9 during a remote order import on ${engine}`, () => {
  let database: TestDatabase;
  let databaseUrl: string;
  let dir: string;
  let dataDir: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    dir = tempDir();
    dataDir = tempDir();
    if (engine === 'sqlite') {
      databaseUrl = `sqlite://${path.join(dataDir, 'app.sqlite')}`;
      const created = createDatabase(databaseUrl);
      await migrateToLatest(created.db, created.dialect);
      database = { ...created, url: databaseUrl };
    } else {
      database = await createTestDatabase();
      databaseUrl = database.url;
    }
    await enableImport(database.db);
    await newPrestation(database.db);
    ({ headers } = await signIn({ database } as TestApp, 'operator'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REMOTE_ORDERS_DIR: dir,
    ADMIN_EMAIL: 'admin@example.test',
    ADMIN_PASSWORD: 'un mot de passe solide 2026',
  });
  const post = (server: Server, body: unknown) =>
    fetch(`${server.base}/api/remote-orders/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });

  /** No booking without its customer and its two passengers; every partner key points at a booking. */
  async function assertWhole() {
    const { db } = database;
    const bookings = await db.selectFrom('bookings').select(['id', 'customer_id']).execute();
    const passengers = await db.selectFrom('passengers').select('booking_id').execute();
    const perBooking = new Map<number, number>();
    for (const p of passengers) perBooking.set(p.booking_id, (perBooking.get(p.booking_id) ?? 0) + 1);
    for (const b of bookings) {
      expect(b.customer_id).not.toBeNull();
      expect(perBooking.get(b.id)).toBe(2);
    }
    const keys = await db.selectFrom('remote_orders').select('booking_id').execute();
    expect(keys.every((k) => k.booking_id !== null)).toBe(true);
    expect(keys.length).toBe(bookings.length);
    return bookings.length;
  }

  it('leaves the file imported once or still waiting, never half a booking', { timeout: 420_000 }, async () => {
    // Calibration: how long an uncut import of the file takes here, so the kills land before, inside and after it.
    fs.writeFileSync(path.join(dir, 'calibration.csv'), csvOrders(ORDERS, 2, 'CAL'));
    const first = await start(env());
    const started = Date.now();
    expect((await post(first, { file: 'calibration.csv' })).status).toBe(200);
    const duration = Date.now() - started;
    if (process.env.CRASH_TEST_VERBOSE) console.log(`calibration: ${duration} ms`);
    await killed(first.child);
    const delays = [0.15, 0.5, 0.85, 1.2].map((f) => Math.round(f * duration));
    const seen: string[] = [`uncut import: ${duration} ms`];
    // The fastest answer a round got: when the calibration ran slower than the rounds (a busy machine then, a quiet
    // one after), every planned kill may come after the answer; extra rounds then kill earlier than that.
    let fastestAnswer = Number.POSITIVE_INFINITY;
    const round = async (index: number, delay: number) => {
      const file = `crash-${index}.csv`;
      fs.writeFileSync(path.join(dir, file), csvOrders(ORDERS, 2, `R${index}`));
      const before = await countRows(database.db);

      const server = await start(env());
      const sent = Date.now();
      const request = post(server, { file })
        .then((response) => {
          fastestAnswer = Math.min(fastestAnswer, Date.now() - sent);
          return response;
        })
        .catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await killed(server.child);
      const answer = await request;

      const total = await assertWhole();
      const added = total - before.bookings;
      const waiting = fs.existsSync(path.join(dir, file));
      const processed = fs.existsSync(path.join(dir, 'processed', file));
      // Imported entirely or not at all; the file is moved only after the commit, so a waiting file may already
      // have its bookings (killed between commit and move) but a processed file always has them. The move links the
      // file into processed/ before it leaves the root (never over another file): killed between the two, it is in
      // both, never in neither.
      expect([0, ORDERS]).toContain(added);
      expect(waiting || processed).toBe(true);
      if (processed) expect(added).toBe(ORDERS);
      seen.push(
        `${delay} ms: ${answer ? `answered ${answer.status}` : 'killed'}, +${added}, ${waiting ? 'waiting' : 'processed'}`,
      );

      // After a restart, importing it again gives each order exactly once.
      const again = await start(env());
      try {
        if (waiting) {
          const response = await post(again, { file });
          expect(response.status).toBe(200);
          const body = (await response.json()) as { bookings: { created: boolean }[] };
          expect(body.bookings).toHaveLength(ORDERS);
          expect(body.bookings.filter((b: { created: boolean }) => b.created)).toHaveLength(ORDERS - added);
        }
      } finally {
        await killed(again.child);
      }
      expect((await countRows(database.db)).bookings - before.bookings).toBe(ORDERS);
      expect(fs.existsSync(path.join(dir, 'processed', file))).toBe(true);
      await assertWhole();
    };
    for (const [index, delay] of delays.entries()) await round(index, delay);
    for (let extra = 0; extra < 3 && !seen.some((s) => s.includes('killed')); extra++) {
      await round(delays.length + extra, Math.round(fastestAnswer * [0.5, 0.25, 0.1][extra]!));
    }
    console.log(`kill -9 rounds on ${engine}:\n${seen.join('\n')}`);
    // At least one round must really have been cut in the middle, or the test proved nothing.
    expect(seen.some((s) => s.includes('killed'))).toBe(true);
  });
});

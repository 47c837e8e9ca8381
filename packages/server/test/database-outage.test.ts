import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { UNAVAILABLE_MESSAGE } from '../src/core/errors.js';
import { createDatabase } from '../src/db/database.js';
import { trackedTables } from '../src/engine/count-cache.js';
import { builtMain } from './built-server.js';
import {
  createSharedTestDatabase,
  createTestDatabase,
  engine,
  signIn,
  type TestApp,
  type TestDatabase,
  testConfig,
} from './helpers.js';

// Issue 26: the database going away (a PostgreSQL restart or failover, its backends terminated, the network cut)
// must not take the server down. While it is away the API answers 503 with the message the web app meets with its
// maintenance page, GET /health says so, and once it is back every request is answered again, with no restart.

const UNAVAILABLE = { message: UNAVAILABLE_MESSAGE };
const HEALTH_DOWN = { status: 'unavailable', reason: 'La base de données ne répond pas.' };
const customer = (n: number) => ({ customer_type_id: 2, first_name: 'Claire', last_name: `Panne ${n}` });

describe(`GET /health and a database that cannot answer on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSharedTestDatabase();
  });
  afterAll(() => database.destroy());

  it('answers 200 while the database answers, 503 without details once it cannot', async () => {
    // A handle of the app's own on the same database, closed under it as a lost database would be.
    const own = createDatabase(database.url, { poolSize: 2 });
    const app = await buildApp({ config: testConfig(), database: own });
    await app.ready();
    try {
      const ok = await app.inject({ method: 'GET', url: '/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok', maintenance: false });

      await own.destroy();
      const down = await app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
      // Exactly this: no error text, host or stack.
      expect(down.json()).toEqual(HEALTH_DOWN);
    } finally {
      await app.close();
    }
  });

  it.skipIf(engine !== 'sqlite')(
    'SQLite locked by another process past busy_timeout: a write answers 503, changes nothing, and passes after',
    { timeout: 20_000 },
    async () => {
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();
      const other = new Sqlite(database.url.replace(/^sqlite:(\/\/)?/, ''));
      try {
        const { headers } = await signIn({ app, database } as TestApp, 'admin');
        const count = async () =>
          Number(
            (await database.db.selectFrom('customers').select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n,
          );
        const before = await count();
        other.exec('begin exclusive');
        // The app's connection waits busy_timeout (5 s) for the write lock, then gives up with SQLITE_BUSY.
        const refused = await app.inject({ method: 'POST', url: '/api/customers', headers, payload: customer(0) });
        other.exec('rollback');
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual(UNAVAILABLE);
        expect(await count()).toBe(before);
        const created = await app.inject({ method: 'POST', url: '/api/customers', headers, payload: customer(1) });
        expect(created.statusCode).toBe(201);
        expect(await count()).toBe(before + 1);
      } finally {
        if (other.inTransaction) other.exec('rollback');
        other.close();
        await app.close();
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// The real server (src/main.ts in a child process) on PostgreSQL through a TCP proxy of the test's own, under load.

const root = path.resolve(import.meta.dirname, '../../..');

/** A TCP proxy to PostgreSQL: cut() closes it and drops every connection through it, open() opens it again. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    get port() {
      return port;
    },
    open: () =>
      new Promise<void>((resolve, reject) => {
        const listening = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          const end = () => {
            client.destroy();
            upstream.destroy();
            sockets.delete(client);
            sockets.delete(upstream);
          };
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', end).on('close', end);
          }
          client.pipe(upstream).pipe(client);
        });
        listening.once('error', reject);
        // The same port again after a cut: the server's connection string does not change.
        listening.listen(port, '127.0.0.1', () => {
          port = (listening.address() as AddressInfo).port;
          server = listening;
          resolve();
        });
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }),
  };
}

function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtMain], {
      cwd: root,
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

type Outcome = { kind: 'me' | 'list' | 'write'; startedAt: number; endedAt: number; status: number; body: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(engine !== 'postgres')(
  'the real server when PostgreSQL goes away (PostgreSQL only: a SQLite database is a file of the server process itself, there is no connection to lose)',
  () => {
    let database: TestDatabase;
    let dataDir: string;
    let server: Awaited<ReturnType<typeof startServer>> | null = null;
    const proxy = tcpProxy({ host: '127.0.0.1', port: 5432 });
    const applicationName = `outage_${process.pid}_${Date.now()}`;

    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-'));
      await proxy.open();
    });
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await proxy.cut();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** The test database's URL through the proxy. */
    const proxied = () => {
      const url = new URL(database.url);
      url.port = String(proxy.port);
      return url;
    };

    it('reads again which tables have versions once the database is back: a read failed meanwhile is not kept', async () => {
      // Kept, it would leave the process without kept reads or cached counts until a restart.
      const own = createDatabase(proxied().toString(), { poolSize: 1 });
      try {
        await proxy.cut();
        expect(await trackedTables(own.db)).toEqual(new Set());
        await proxy.open();
        expect((await trackedTables(own.db)).has('customers')).toBe(true);
      } finally {
        await own.destroy();
      }
    });

    it(
      'stays up through terminated backends and a cut network, answers 503 only while the database is away, and recovers by itself',
      { timeout: 120_000 },
      async () => {
        const { headers } = await signIn({ database } as TestApp, 'admin');
        const url = proxied();
        url.searchParams.set('application_name', applicationName);
        server = await startServer({
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          // The background loops run as in production: the mail queue every 2 s (an SMTP server that refuses),
          // the shop sync-back every 5 s.
          NODE_ENV: 'production',
          SMTP_URL: 'smtp://127.0.0.1:9',
        });
        const { base } = server;

        const outcomes: Outcome[] = [];
        let isLoaded = true;
        let n = 0;
        const request = async (kind: Outcome['kind']) => {
          n += 1;
          const init: RequestInit =
            kind === 'write'
              ? {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify(customer(n)),
                }
              : { headers };
          const path = { me: '/api/me', list: '/api/customers?page=1', write: '/api/customers' }[kind];
          const startedAt = performance.now();
          try {
            const response = await fetch(`${base}${path}`, init);
            const body = await response.json();
            outcomes.push({ kind, startedAt, endedAt: performance.now(), status: response.status, body });
          } catch (error) {
            // The server gone (its process dead): no HTTP answer at all.
            outcomes.push({ kind, startedAt, endedAt: performance.now(), status: 0, body: String(error) });
            await sleep(100);
          }
        };
        // Eight clients, each one request after another: reads of the session, a list, writes of a customer and
        // its history entry (one transaction).
        const kinds: Outcome['kind'][] = ['me', 'list', 'write', 'list'];
        const load = Array.from({ length: 8 }, async (_, i) => {
          for (let j = i; isLoaded; j += 1) {
            await request(kinds[j % kinds.length]!);
            await sleep(10);
          }
        });
        const health = async () => {
          const response = await fetch(`${base}/health`);
          return { status: response.status, body: await response.json() };
        };
        const terminate = () =>
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName}`.execute(
            database.db,
          );
        /** Waits until `count` requests sent after `from` are answered (the machine may be slow). */
        const answered = async (from: number, count: number) => {
          const deadline = performance.now() + 15_000;
          while (outcomes.filter((o) => o.startedAt >= from).length < count && performance.now() < deadline) {
            await sleep(50);
          }
        };
        const during = (from: number, to: number) => outcomes.filter((o) => o.startedAt >= from && o.endedAt <= to);

        try {
          await answered(0, 16);
          const warm = performance.now();

          // 1. Every connection of the server terminated, three times, under load (a PostgreSQL restart).
          let killed = 0;
          for (let i = 0; i < 3; i += 1) {
            killed += (await terminate()).rows.length;
            await sleep(300);
          }
          const terminated = performance.now();
          await sleep(200);
          await answered(terminated + 200, 16);
          const afterTerminations = performance.now();

          // 2. The network cut for two seconds at least (the proxy closed, every connection through it dropped).
          await proxy.cut();
          const cutAt = performance.now();
          await sleep(300);
          const healthDown = await health();
          await Promise.all([sleep(1700), answered(cutAt + 100, 16)]);
          const cutEnd = performance.now();
          await proxy.open();
          const back = performance.now();
          const healthBack = await health();
          await sleep(100);
          await answered(back + 100, 24);
          isLoaded = false;
          await Promise.all(load);
          const end = performance.now();

          // The process lived through it all (and it had connections to lose).
          expect(killed).toBeGreaterThan(0);
          expect(server.child.exitCode).toBeNull();
          expect(server.child.signalCode).toBeNull();
          expect(server.output()).not.toMatch(/unhandled|uncaught/i);

          // Never a 500, never details: a request either passed or was a 503 with the web app's message.
          for (const o of outcomes) {
            expect([200, 201, 503], JSON.stringify(o)).toContain(o.status);
            if (o.status === 503) expect(o.body).toEqual(UNAVAILABLE);
          }
          // Before anything happened, and once the terminated connections were replaced: every request answered.
          const isOk = (o: Outcome) => o.status === 200 || o.status === 201;
          expect(during(0, warm).every(isOk)).toBe(true);
          const afterKills = during(terminated + 200, afterTerminations);
          expect(afterKills.length).toBeGreaterThan(0);
          expect(afterKills.filter((o) => !isOk(o))).toEqual([]);
          // While the network is cut: 503, whatever the request.
          const cut = during(cutAt + 100, cutEnd);
          expect(cut.length).toBeGreaterThan(0);
          expect(cut.filter((o) => o.status !== 503)).toEqual([]);
          expect(healthDown).toEqual({ status: 503, body: HEALTH_DOWN });
          // Back: every request answered normally, with no restart.
          expect(healthBack).toEqual({ status: 200, body: { status: 'ok', maintenance: false } });
          const after = during(back + 100, end);
          expect(after.length).toBeGreaterThan(0);
          expect(after.filter((o) => !isOk(o))).toEqual([]);
          expect(new Set(after.map((o) => o.kind))).toEqual(new Set(['me', 'list', 'write']));

          // No write half-done: every customer has its history entry and every entry its customer; every write
          // answered 201 is there.
          const { db } = database;
          const customers = await db.selectFrom('customers').select('id').execute();
          const entries = await db
            .selectFrom('history_entries')
            .select('record_id')
            .where('resource', '=', 'customers')
            .where('action', '=', 'create')
            .execute();
          const sorted = (ids: number[]) => ids.sort((a, b) => a - b);
          expect(sorted(entries.map((e) => e.record_id))).toEqual(sorted(customers.map((c) => c.id)));
          const ids = new Set(customers.map((c) => c.id));
          const created = outcomes.filter((o) => o.status === 201);
          expect(created.length).toBeGreaterThan(0);
          for (const o of created) expect(ids.has((o.body as { id: number }).id)).toBe(true);
        } finally {
          isLoaded = false;
          await Promise.all(load);
        }
      },
    );
  },
);

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { MAINTENANCE_CACHE_MS, setMaintenance } from '../../src/auth/maintenance.js';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { anonymousCsrf, apiToken } from '../auth/support.js';
import { builtCli, CHILD_PROCESS_TEST_MS, serverRoot } from '../built-server.js';
import { createTestDatabase, engine, signIn, type TestDatabase, testConfig } from '../helpers.js';

const MAINTENANCE = { message: 'Application en maintenance.' };
const waitForCache = () => new Promise((resolve) => setTimeout(resolve, MAINTENANCE_CACHE_MS + 200));

describe(`maintenance mode on ${engine}`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database });
    app.get('/api/test-intake', { config: { access: { access: 'api-client' } } }, async () => ({ ok: true }));
    // What @fastify/static registers for the built web app: plain GET routes outside /api, without access config.
    app.get('/', async () => '<!doctype html><title>Back-office</title>');
    app.get('/assets/app-1234.js', async () => 'console.log(1)');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers 503 to every API and auth call but GET /health, and still serves the web app', async () => {
    const t = { app, database, close: async () => {} };
    const user = await signIn(t, 'su');
    const { token } = await apiToken(t);
    await setMaintenance(database.db, true);
    await waitForCache();

    const blocked: [string, string, Record<string, string>][] = [
      ['GET', '/api/me', user.headers],
      ['GET', '/api/api-clients', user.headers],
      ['PUT', '/api/profile', user.headers],
      ['GET', '/api/test-intake', { authorization: `Bearer ${token}` }],
      ['GET', '/api/nimporte-quoi', {}],
      ['GET', '/csrf-cookie', {}],
      ['POST', '/login', anonymousCsrf()],
      ['POST', '/logout', user.headers],
      ['POST', '/forgot-password', anonymousCsrf()],
      ['POST', '/reset-password', anonymousCsrf()],
      ['POST', '/first-login', anonymousCsrf()],
      // No XSRF header, no session: maintenance is answered first, whatever else is wrong.
      ['POST', '/login', {}],
      ['DELETE', '/api/users/1', {}],
    ];
    for (const [method, url, headers] of blocked) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(method === 'GET' ? {} : { payload: { email: 'a@b.test', password: 'motdepasse' } }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(503);
      expect(response.json()).toEqual(MAINTENANCE);
    }

    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    // The state is readable without a session: the web app's login page goes to /maintenance on it.
    expect(health.json()).toEqual({ status: 'ok', maintenance: true });
    // The web app loads, so the browser can show /maintenance (client-side routes fall back to index.html).
    for (const url of ['/', '/assets/app-1234.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/maintenance' })).statusCode).not.toBe(503);

    await setMaintenance(database.db, false);
    await waitForCache();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/csrf-cookie' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', maintenance: false });
  });

  it('reads the flag at most once per cache period, not once per request', async () => {
    const t = { app, database, close: async () => {} };
    const user = await signIn(t, 'operator');
    await waitForCache();
    let reads = 0;
    const counting = await buildApp({
      config: testConfig(),
      database: {
        ...database,
        db: database.db.withPlugin({
          transformQuery: (args) => {
            if (JSON.stringify(args.node).includes('system_state')) reads++;
            return args.node;
          },
          transformResult: async (args) => args.result,
        }),
      },
    });
    try {
      for (let i = 0; i < 20; i++) await counting.inject({ method: 'GET', url: '/api/me', headers: user.headers });
      expect(reads).toBe(1);
    } finally {
      await counting.close();
    }
  });
});

describe(`npm run maintenance (cli/maintenance.ts) on ${engine}`, () => {
  it(
    'switches the flag in the database every server reads, and prints the state in French',
    async () => {
      let url: string;
      let cleanup: () => Promise<void>;
      if (engine === 'postgres') {
        const database = await createTestDatabase();
        url = database.url;
        cleanup = database.destroy;
      } else {
        // A file: the CLI is another process.
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'montgolfiere-cli-'));
        url = `sqlite://${path.join(dir, 'app.sqlite')}`;
        const database = createDatabase(url);
        await migrateToLatest(database.db, database.dialect);
        await database.destroy();
        cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
      }
      const database = createDatabase(url);
      const app = await buildApp({ config: testConfig(), database });
      const cli = (arg: string) =>
        promisify(execFile)(process.execPath, [builtCli('maintenance'), ...(arg ? [arg] : [])], {
          cwd: serverRoot,
          env: { ...process.env, DATABASE_URL: url },
          timeout: CHILD_PROCESS_TEST_MS,
          killSignal: 'SIGKILL',
        });
      try {
        expect((await cli('on')).stdout.trim()).toBe('Mode maintenance activé.');
        await waitForCache();
        expect((await app.inject({ method: 'GET', url: '/csrf-cookie' })).statusCode).toBe(503);
        expect((await cli('')).stdout.trim()).toBe('Mode maintenance activé.');
        expect((await cli('off')).stdout.trim()).toBe('Mode maintenance désactivé.');
        await waitForCache();
        expect((await app.inject({ method: 'GET', url: '/csrf-cookie' })).statusCode).toBe(204);
        await expect(cli('peut-etre')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage') });
      } finally {
        await app.close();
        await database.destroy();
        await cleanup();
      }
    },
    CHILD_PROCESS_TEST_MS,
  );
});

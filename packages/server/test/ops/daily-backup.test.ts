import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { today as operatorToday, setTimeZone } from '../../src/core/clock.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import {
  BACKUP_JOB,
  LAST_BACKUP,
  MANIFEST_FILE,
  runDailyBackup,
  scheduledBackupName,
  verifyBackup,
} from '../../src/services/backup.js';
import { startScheduledJobs } from '../../src/services/scheduled-jobs.js';
import { FOLDER_INVALID } from '../../src/services/settings.js';
import { createSharedTestDatabase, engine, signIn, type TestApp, type TestDatabase, testConfig } from '../helpers.js';

// Issue 32: the daily backup (settings backup_folder, backup_keep) runs from the daily jobs of every server
// process, once per day across them, and keeps the given number of backups.

describe(`daily backup on ${engine}`, () => {
  let database: TestDatabase;
  let work: string;
  let folder: string;
  const source = () => ({
    databaseUrl: database.url,
    dataDir: path.join(work, 'data'),
    remoteOrdersDir: path.join(work, 'data', 'remote-orders'),
    appKey: undefined,
  });
  const setSettings = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values))
      await database.db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
  };
  const backups = () =>
    fs
      .readdirSync(folder)
      .filter((name) => name.startsWith('sauvegarde-'))
      .sort();
  const job = (name: string) =>
    database.db.selectFrom('scheduled_jobs').selectAll().where('name', '=', name).executeTakeFirst();

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sauvegarde-quotidienne-'));
    folder = path.join(work, 'sauvegardes');
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('does nothing while no folder is set', async () => {
    expect(await runDailyBackup(database.db, source())).toEqual({ ran: false, removed: [] });
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('two server processes ticking together make one backup a day; the next days keep backup_keep of them', async () => {
    await setSettings({ backup_folder: folder, backup_keep: '2' });
    // Each process has its own connections to the database, as two servers would.
    const apps: { app: FastifyInstance; own: Database }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const own = createDatabase(database.url, { poolSize: 2 });
      const app = await buildApp({ config: testConfig({ ...source() }), database: own });
      await app.ready();
      apps.push({ app, own });
    }
    try {
      const jobs = apps.map(({ app }) => startScheduledJobs(app, { firstTickMs: 3_600_000, intervalMs: 3_600_000 }));
      await Promise.all([...jobs.map((j) => j.tick()), ...jobs.map((j) => j.tick())]);
      await Promise.all(jobs.map((j) => j.tick()));
      for (const j of jobs) await j.stop();
      expect(backups()).toHaveLength(1);
      const [first] = backups();
      expect((await verifyBackup(path.join(folder, first ?? ''))).engine).toBe(engine);
      expect(await job(BACKUP_JOB)).toMatchObject({ run_on: operatorToday(), result: first });
      expect((await job(LAST_BACKUP))?.result).toBe(path.join(folder, first ?? ''));
    } finally {
      for (const { app, own } of apps) {
        await app.close();
        await own.destroy();
      }
    }

    // A folder of the operator's own beside them is never touched by the pruning.
    fs.mkdirSync(path.join(folder, 'sauvegarde-a-garder'));
    const days = ['2099-01-01', '2099-01-02', '2099-01-03'];
    for (const [i, today] of days.entries()) {
      const now = new Date(Date.UTC(2099, 0, i + 1, 3));
      const run = await runDailyBackup(database.db, source(), { now, today });
      expect(run.ran).toBe(true);
      expect(await runDailyBackup(database.db, source(), { now, today })).toEqual({ ran: false, removed: [] });
    }
    expect(backups()).toEqual([
      scheduledBackupName(new Date(Date.UTC(2099, 0, 2, 3))),
      scheduledBackupName(new Date(Date.UTC(2099, 0, 3, 3))),
      'sauvegarde-a-garder',
    ]);
  }, 120_000);

  it('gives the day back when the backup fails, so that the next tick tries again', async () => {
    const blocker = path.join(work, 'un-fichier');
    fs.writeFileSync(blocker, 'pas un dossier');
    await setSettings({ backup_folder: path.join(blocker, 'sauvegardes') });
    const today = '2099-02-01';
    const now = new Date(Date.UTC(2099, 1, 1, 3));
    await expect(runDailyBackup(database.db, source(), { now, today })).rejects.toThrow();
    const failed = await job(BACKUP_JOB);
    expect(failed?.run_on).toBe('2099-01-03');
    expect(failed?.result).toMatch(/^échec : /);
    await setSettings({ backup_folder: folder });
    const run = await runDailyBackup(database.db, source(), { now, today });
    expect(run.ran).toBe(true);
    expect(fs.existsSync(path.join(run.dir ?? '', MANIFEST_FILE))).toBe(true);
  }, 60_000);

  it("takes its day in the operator's time zone, not the server clock's", async () => {
    setTimeZone('Europe/Paris');
    // 23:30 on 1 March in UTC is already 00:30 on 2 March in Paris.
    const run = await runDailyBackup(database.db, source(), { now: new Date(Date.UTC(2099, 2, 1, 23, 30)) });
    expect(run.ran).toBe(true);
    expect((await job(BACKUP_JOB))?.run_on).toBe('2099-03-02');
  }, 60_000);
});

describe(`backup settings on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const database = await createSharedTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    t = {
      app,
      database,
      close: async () => {
        await app.close();
        await database.destroy();
      },
    };
  });
  afterAll(() => t.close());

  it('takes an absolute folder and a count of 1 to 365, from administrators only', async () => {
    const admin = await signIn(t, 'admin');
    const put = (headers: Record<string, string>, settings: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { settings } });
    const refused = await put(admin.headers, { backup_folder: 'sauvegardes', backup_keep: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'settings.backup_folder': [FOLDER_INVALID],
      'settings.backup_keep': ['Le nombre de sauvegardes doit être compris entre 1 et 365.'],
    });
    expect((await put(admin.headers, { backup_folder: '/var/x\u0007y' })).statusCode).toBe(422);
    expect((await put(admin.headers, { backup_folder: `/${'a'.repeat(600)}` })).statusCode).toBe(422);
    const saved = await put(admin.headers, { backup_folder: '/var/backups/montgolfiere', backup_keep: 14 });
    expect(saved.statusCode).toBe(200);
    const operator = await signIn(t, 'operator');
    expect((await put(operator.headers, { backup_keep: 3 })).statusCode).toBe(403);
  });
});

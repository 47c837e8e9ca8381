import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_BACKUP } from '../../src/services/backup.js';
import { builtCli, serverRoot } from '../built-server.js';
import { createSharedTestDatabase, engine, type TestDatabase } from '../helpers.js';

// Issue 32: `npm run backup` and `npm run restore` as an operator runs them (the CLI in a process of its own, the
// servers' environment): French lines, a non-zero exit on refusal, and never a secret printed.

const PASSWORD = 'MotDePasse-Secret-42';

type Run = { code: number; out: string };

describe(`npm run backup / restore (cli/) on ${engine}`, () => {
  let database: TestDatabase;
  let work: string;
  let env: NodeJS.ProcessEnv;
  const appKey = crypto.randomBytes(32).toString('base64');
  const cli = (script: string, arg: string): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        [builtCli(script), arg],
        { cwd: serverRoot, env, timeout: 90_000, killSignal: 'SIGKILL' },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
    });

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sauvegarde-cli-'));
    // PostgreSQL here trusts local connections: a password in the URL is accepted, and must never be shown.
    const url = new URL(database.url);
    if (engine === 'postgres') url.password = PASSWORD;
    env = {
      ...process.env,
      DATABASE_URL: engine === 'postgres' ? url.toString() : database.url,
      DATA_DIR: path.join(work, 'data'),
      APP_KEY: appKey,
    };
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up, refuses a used folder and a non-empty target, and prints no secret', async () => {
    const dir = path.join(work, 'sauvegarde');
    const made = await cli('backup', dir);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain(`Sauvegarde faite dans ${dir} : base ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    expect(made.out).toContain("APP_KEY vient de l'environnement : elle n'est pas dans la sauvegarde");
    const last = await database.db
      .selectFrom('scheduled_jobs')
      .select('result')
      .where('name', '=', LAST_BACKUP)
      .executeTakeFirst();
    expect(last?.result).toBe(dir);

    const again = await cli('backup', dir);
    expect(again.code).toBe(1);
    expect(again.out.trim()).toBe(`Sauvegarde refusée : le dossier ${dir} existe et n'est pas vide.`);

    // Back into the database it came from: not empty.
    const refused = await cli('restore', dir);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/^Restauration refusée : la cible n'est pas vide/);

    const usage = await cli('restore', '');
    expect(usage.code).toBe(1);
    expect(usage.out.trim()).toBe('Usage : npm run restore -- <dossier>');

    for (const run of [made, again, refused]) {
      expect(run.out).not.toContain(PASSWORD);
      expect(run.out).not.toContain(appKey);
    }
    expect(JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')))).not.toContain(
      PASSWORD,
    );
  }, 300_000);
});

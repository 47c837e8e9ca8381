import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { engine } from './helpers.js';

// SQL run by another OS process on the test database, through the bare driver (no app code, no cache of ours),
// as a second server process or a psql shell would.

const server = path.resolve(import.meta.dirname, '..');

function command(url: string, statement: string): string[] {
  const script =
    engine === 'sqlite'
      ? `const Sqlite = require('better-sqlite3'); const db = new Sqlite(process.argv[1]);
         db.pragma('busy_timeout = 5000'); db.exec(process.argv[2]); db.close();`
      : `const pg = require('pg'); (async () => { const u = new URL(process.argv[1]);
         const schema = u.searchParams.get('schema'); u.searchParams.delete('schema');
         const c = new pg.Client({ connectionString: u.toString() }); await c.connect();
         await c.query('SET search_path TO ' + schema); await c.query(process.argv[2]); await c.end(); })()
         .catch((e) => { console.error(e); process.exit(1); });`;
  const target = engine === 'sqlite' ? url.replace(/^sqlite:(\/\/)?/, '') : url;
  return ['-e', script, target, statement];
}

// Bounded: a wait that never ends would hold the test's own timeout with it.
const options = { cwd: server, timeout: 30_000, killSignal: 'SIGKILL' as const };

/** Runs `statement` in another process and waits for it. */
export function writeFromAnotherProcess(url: string, statement: string): void {
  execFileSync(process.execPath, command(url, statement), { ...options, stdio: 'pipe' });
}

/** Starts `statement` in another process; the promise settles when that process ends (rejects on failure). */
export function startWriteFromAnotherProcess(url: string, statement: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, command(url, statement), options, (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
    );
  });
}

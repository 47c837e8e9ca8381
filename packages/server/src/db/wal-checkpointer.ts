import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Sqlite from 'better-sqlite3';

/*
 * SQLite's write-ahead log is copied back into the database file (a checkpoint) by whichever commit finds it over
 * 1,000 pages. A sale writes about a hundred pages (the booking, its passengers, their indexes and search terms, the
 * history), so one commit in ten or so copied thousands of pages and synced the file, 2 to 10 ms during which the
 * server, whose SQLite calls run on its one thread, answered nobody: most of the time all commits took, and the
 * slowest answers of every screen under writes.
 *
 * A thread of its own now does it, on its own connection, every CHECKPOINT_EVERY_MS: a passive checkpoint waits for
 * no reader or writer and blocks none. The request thread's commits checkpoint only past SAFETY_NET_PAGES, should
 * that thread stop or fall behind.
 */

const CHECKPOINT_EVERY_MS = 100;
/** About 40 MB of log: a checkpoint by a commit again, as before, if nothing else has made one. */
export const SAFETY_NET_PAGES = 10_000;
/** SQLite's own default, back when the thread has stopped. */
const DEFAULT_PAGES = 1_000;

// Plain CommonJS, evaluated as the thread's code: the server's TypeScript sources are not what a thread can load
// under the tests, and the driver is the one the server loads.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.run();
  } catch {
    // Busy or locked for a moment: the next tick tries again.
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { checkpoint.run(); } catch {}
  db.close();
  parentPort.close();
});
`;

export type WalCheckpointer = { stop: () => Promise<void> };

/** Starts checkpointing `file`'s log off the request thread; `connection` is the server's own. */
export function startWalCheckpointer(file: string, connection: Sqlite.Database): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
    },
    // A few MB of its own heap are all it needs.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  // It never keeps the process alive: an exit closes the file as SQLite's last connection does.
  worker.unref();
  connection.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  let isStopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!isStopping && connection.open) connection.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
      resolve();
    });
  });
  // A thread that fails (the file gone, a driver error) leaves the checkpoints to the commits, as SQLite does.
  worker.on('error', () => {});
  return {
    stop: async () => {
      isStopping = true;
      // Held until it has made its last checkpoint and closed the file.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

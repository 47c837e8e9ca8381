import type { Kysely } from 'kysely';
import { readMaintenance } from '../auth/maintenance.js';
import type { DB } from './schema.js';

// A database that cannot answer for now (PostgreSQL restarting or failing over, a backend terminated, the network
// cut; SQLite locked by another process, read-only or full) is a 503 "come back in a moment", never a 500: the
// request changed nothing (its transaction rolled back with the connection) and the same request will pass once
// the database is back. The pool opens new connections by itself, so nothing else is needed to recover.

/** A driver error telling that the database could not be reached or used, kept as its `cause`. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Base de données indisponible.', { cause });
  }
}

/** Node's socket errors: the PostgreSQL server cannot be reached (refused, reset, unreachable, unknown host...). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * PostgreSQL's own codes for "not now": 08 connection exceptions; 57P01-57P03 and 57P05 (terminated by an
 * administrator or a restart, crashed, still starting, idle session timeout); 53 insufficient resources (disk full,
 * out of memory, too many connections); 25006 a write sent to a read-only standby (a failover under way); 58030 I/O.
 */
const isPostgresUnavailableCode = (code: string): boolean =>
  code.startsWith('08') ||
  code.startsWith('53') ||
  ['57P01', '57P02', '57P03', '57P05', '25006', '58030'].includes(code);

/** pg's own errors for a connection that is gone, or that could not be had in time. */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/** Whether an error thrown by the PostgreSQL driver (pg) means the database cannot be used for now. */
export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailableCode(code))) return true;
  // Node tries every address of the host: a refusal on each is one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isPostgresUnavailable);
  return PG_CONNECTION_MESSAGE.test(error.message);
}

/**
 * better-sqlite3's codes for a database that cannot be used for now: locked by another process past busy_timeout,
 * read-only, disk full, an I/O error, a file that cannot be opened.
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN)(_|$)/;

/** Whether an error (or the error it was raised from) is the database being unavailable: answered 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && SQLITE_UNAVAILABLE.test(code)) return true;
  }
  return false;
}

/** How long GET /health waits for the database before saying it is unavailable. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * GET /health's 503 when the database does not answer within HEALTH_TIMEOUT_MS: the reason in a few French words,
 * for whoever reads the balancer's or the monitoring's log; never the driver's error nor a stack.
 */
export const HEALTH_DATABASE_DOWN = { status: 'unavailable', reason: 'La base de données ne répond pas.' } as const;

/**
 * The health check's look at the database: one read of the maintenance flag (a real table, so it proves more
 * than `select 1`, for the same cost), given up after `timeoutMs`. Null when the database does not answer in time;
 * never throws. Checks share the read in flight until it ends, so a database that hangs holds one connection for
 * every load-balancer probe, not one each.
 */
export function databaseHealth(
  db: Kysely<DB>,
  timeoutMs = HEALTH_TIMEOUT_MS,
): { read: () => Promise<{ maintenance: boolean } | null> } {
  let inFlight: Promise<{ maintenance: boolean } | null> | null = null;
  return {
    read() {
      let current = inFlight;
      if (!current) {
        const reading = readMaintenance(db).then(
          (maintenance) => ({ maintenance }),
          () => null,
        );
        inFlight = current = reading;
        void reading.finally(() => {
          if (inFlight === reading) inFlight = null;
        });
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        void current.then((state) => {
          clearTimeout(timer);
          resolve(state);
        });
      });
    },
  };
}

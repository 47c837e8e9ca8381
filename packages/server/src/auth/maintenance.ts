import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

// Maintenance mode is one row of system_state (key 'maintenance', '1' or '0'), switched by the CLI
// (cli/maintenance.ts) from any machine; every server process reads it through a short cache.

export const MAINTENANCE_KEY = 'maintenance';
/** How stale a process's view of the flag may be. Keep docs/operations.md in sync. */
export const MAINTENANCE_CACHE_MS = 1000;

export async function readMaintenance(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('system_state').select('value').where('key', '=', MAINTENANCE_KEY).executeTakeFirst();
  return row?.value === '1';
}

export async function setMaintenance(db: Kysely<DB>, on: boolean): Promise<void> {
  const value = on ? '1' : '0';
  await db
    .insertInto('system_state')
    .values({ key: MAINTENANCE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * At most one query per MAINTENANCE_CACHE_MS per process, whatever the traffic; concurrent requests share the
 * query in flight. If the database cannot be read, the last known value is kept (the request will fail anyway).
 */
export function maintenanceFlag(db: Kysely<DB>, ttlMs = MAINTENANCE_CACHE_MS): { isOn: () => Promise<boolean> } {
  let value = false;
  let readAt = -Infinity;
  let pending: Promise<boolean> | null = null;
  return {
    isOn() {
      if (performance.now() - readAt < ttlMs) return Promise.resolve(value);
      pending ??= readMaintenance(db)
        .then((on) => {
          value = on;
          return on;
        })
        .catch(() => value)
        .finally(() => {
          readAt = performance.now();
          pending = null;
        });
      return pending;
    },
  };
}

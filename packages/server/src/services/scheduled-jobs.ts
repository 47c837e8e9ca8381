import type { FastifyInstance } from 'fastify';
import { loadTimeZone } from '../core/clock.js';
import { refreshPlannerStatistics } from '../db/planner-statistics.js';
import { runDailyBackup } from './backup.js';
import { startPoller } from './poller.js';
import { runDailyExpiry } from './validity.js';

// Daily jobs (issue 12: vouchers past validity turn 'Périmée'). Every server process ticks, but the database
// decides who runs: runDailyExpiry claims the day in its own transaction, so the job runs once per day across
// all processes and a tick that finds the day claimed does nothing (one UPDATE matching no row).
// Each tick also keeps SQLite's planner statistics up to date as the data grows (db/planner-statistics.ts:
// nothing to do on most ticks).

/** Often enough that the job runs early in the morning whichever process is up; cheap when the day is claimed. */
const INTERVAL_MS = 15 * 60_000;
/** The first tick soon after start, so a server started mid-day catches up at once. */
const FIRST_TICK_MS = 10_000;

export type ScheduledJobs = { tick: () => Promise<void>; stop: () => Promise<void> };

export function startScheduledJobs(
  app: FastifyInstance,
  { intervalMs = INTERVAL_MS, firstTickMs = FIRST_TICK_MS }: { intervalMs?: number; firstTickMs?: number } = {},
): ScheduledJobs {
  return startPoller(app, {
    run: async () => {
      // The operator's time zone again: another server process may have changed the setting (core/clock.ts).
      await loadTimeZone(app.ctx.db);
      const { ran, expired } = await runDailyExpiry(app.ctx.db);
      if (ran) app.log.info({ expired: expired.length }, 'réservations périmées : passage quotidien effectué');
      try {
        // The daily backup (settings backup_folder, backup_keep), once per day across processes (services/backup.ts).
        const backup = await runDailyBackup(app.ctx.db, app.ctx.config);
        if (backup.ran)
          app.log.info({ dir: backup.dir, removed: backup.removed.length }, 'sauvegarde quotidienne faite');
      } catch (error) {
        app.log.error({ err: error }, 'sauvegarde quotidienne : échec (nouvel essai au prochain passage)');
      }
      try {
        await refreshPlannerStatistics(app.ctx);
      } catch (error) {
        app.log.warn({ err: error }, 'statistiques du planificateur SQLite : mise à jour échouée');
      }
    },
    fallback: undefined,
    // The claim rolled back with the failed run: the next tick, here or elsewhere, tries the day again.
    failure: 'réservations périmées : échec du passage quotidien',
    intervalMs,
    firstDelayMs: firstTickMs,
  });
}

import { BOOKING_STATUSES } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Config } from '../config.js';
import type { DB, WoocommerceSyncJobsTable } from '../db/schema.js';
import { literalLimit } from '../engine/sql.js';
import { startPoller } from './poller.js';
import { readShopCredentials, ShopError, ShopNotFoundError, shopRequest } from './woocommerce.js';

// Sync-back to the shop (issue 11): a booking from the shop that becomes completed or canceled updates its order
// (PUT /orders/{id} with the status, then an order note). The job is written in the transaction that changes the
// booking's status, so it exists exactly when the change does; a worker pushes it, like the mail queue
// (mail/queue.ts): a claim by compare-and-set on locked_until, a backoff on failure, and one
// woocommerce_sync_notification per attempt, shown on the booking. Failures are retried until the shop answers
// (daily after a while), never dropped; only an order the shop no longer has ends the job as failed.

export type SyncJob = Selectable<WoocommerceSyncJobsTable>;

/** WooCommerce's order status for the booking statuses that are pushed back. */
const PUSHED: Record<number, { orderStatus: string; verb: string }> = {
  [BOOKING_STATUSES.completed.id]: { orderStatus: 'completed', verb: 'terminée' },
  [BOOKING_STATUSES.canceled.id]: { orderStatus: 'cancelled', verb: 'annulée' },
};

/** Delay before attempt n+1 after n failures: 30 s, 2 min, 10 min, 1 h, 6 h, then daily. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
export const syncBackoffMs = (failures: number): number =>
  BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
/** Longer than an attempt can take (two requests of SYNC_TIMEOUT_MS): a live claim never expires. */
const LOCK_MS = 2 * 60_000;
const SYNC_TIMEOUT_MS = 15_000;
const WORKER_INTERVAL_MS = 5_000;
const BATCH = 20;

/**
 * Called in the transaction that writes a booking: queues the shop update when a shop booking's status becomes
 * completed or canceled (and was not already).
 */
export async function queueShopSync(
  trx: Transaction<DB>,
  booking: { id: number; number: string | null; woocommerce_order_id: string | null; booking_status_id: number },
  newStatusId: number,
): Promise<void> {
  const pushed = PUSHED[newStatusId];
  if (!booking.woocommerce_order_id || !pushed || booking.booking_status_id === newStatusId) return;
  const label = booking.number ? `La réservation ${booking.number}` : 'La réservation';
  await trx
    .insertInto('woocommerce_sync_jobs')
    .values({
      booking_id: booking.id,
      order_id: booking.woocommerce_order_id,
      order_status: pushed.orderStatus,
      note: `${label} a été ${pushed.verb} dans le logiciel de réservation.`,
      created_at: new Date().toISOString(),
    })
    .execute();
}

async function dueJobIds(db: Kysely<DB>, now: Date): Promise<number[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom('woocommerce_sync_jobs')
    .select('id')
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .orderBy('id')
    .limit(literalLimit(BATCH))
    .execute();
  return rows.map((row) => row.id);
}

async function claimJob(db: Kysely<DB>, id: number, now: Date): Promise<{ job: SyncJob; lockedUntil: string } | null> {
  const lockedUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  const nowIso = now.toISOString();
  const job = await db
    .updateTable('woocommerce_sync_jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .returningAll()
    .executeTakeFirst();
  return job ? { job, lockedUntil } : null;
}

const STATUS_LABELS: Record<string, string> = { completed: 'Terminée', cancelled: 'Annulée' };

/** Pushes one claimed job and records the attempt; true when the shop has it. */
async function pushJob(
  db: Kysely<DB>,
  config: Pick<Config, 'dataDir' | 'appKey' | 'shopAllowPrivate'>,
  { job, lockedUntil }: { job: SyncJob; lockedUntil: string },
  now: Date,
): Promise<boolean> {
  let failure: ShopError | null = null;
  try {
    const credentials = await readShopCredentials(db, config);
    if (!credentials)
      throw new ShopError("La boutique en ligne n'est plus configurée (Paramètres > Boutique en ligne).");
    const signal = AbortSignal.timeout(SYNC_TIMEOUT_MS);
    const path = `/orders/${encodeURIComponent(job.order_id)}`;
    await shopRequest(credentials, 'PUT', path, signal, { status: job.order_status });
    await shopRequest(credentials, 'POST', `${path}/notes`, signal, { note: job.note, customer_note: false });
  } catch (error) {
    failure = error instanceof ShopError ? error : new ShopError('La mise à jour de la commande a échoué.');
  }
  const attempts = job.attempts + 1;
  const isGone = failure instanceof ShopNotFoundError;
  const retryAt = failure && !isGone ? new Date(now.getTime() + syncBackoffMs(attempts)) : null;
  const order = `Commande ${job.order_id}`;
  const message = !failure
    ? `${order} passée à « ${STATUS_LABELS[job.order_status] ?? job.order_status} » dans la boutique.`
    : `${order} : ${failure.message}${retryAt ? ` Nouvel essai le ${retryAt.toISOString().slice(0, 16).replace('T', ' à ')} (UTC).` : ''}`;
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('woocommerce_sync_jobs')
      .set({
        attempts,
        state: failure ? (isGone ? 'failed' : 'pending') : 'done',
        error: failure?.message ?? null,
        next_attempt_at: retryAt?.toISOString() ?? null,
        locked_until: null,
      })
      .where('id', '=', job.id)
      .where('locked_until', '=', lockedUntil)
      .executeTakeFirst();
    // Our claim ran out and someone else took the job: their attempt is the one recorded.
    if (Number(updated.numUpdatedRows) === 0 || job.booking_id === null) return;
    await trx
      .insertInto('woocommerce_sync_notifications')
      .values({
        booking_id: job.booking_id,
        status: job.order_status,
        message,
        is_success: failure ? 0 : 1,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return !failure;
}

/** Claims and pushes every due job, a batch at a time; returns how many reached the shop. */
export async function pushDueShopSyncs(
  db: Kysely<DB>,
  config: Pick<Config, 'dataDir' | 'appKey' | 'shopAllowPrivate'>,
  now = new Date(),
): Promise<number> {
  let pushed = 0;
  for (;;) {
    const ids = await dueJobIds(db, now);
    let claimed = 0;
    for (const id of ids) {
      const claim = await claimJob(db, id, now);
      if (!claim) continue;
      claimed += 1;
      if (await pushJob(db, config, claim, now)) pushed += 1;
    }
    if (ids.length < BATCH || claimed === 0) return pushed;
  }
}

export type ShopSyncWorker = { stop: () => Promise<void>; tick: () => Promise<number> };

/** Polls the queue every few seconds; ticks never overlap and stop() waits for the current one. */
export function startShopSyncWorker(app: FastifyInstance, intervalMs = WORKER_INTERVAL_MS): ShopSyncWorker {
  return startPoller(app, {
    run: () => pushDueShopSyncs(app.ctx.db, app.ctx.config),
    fallback: 0,
    failure: 'synchronisation de la boutique : échec du passage',
    intervalMs,
  });
}

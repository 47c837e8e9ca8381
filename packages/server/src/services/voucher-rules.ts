import { addDays, addMonths, frenchDate, SETTING_DEFAULTS, type SettingKey } from '@app/domain';
import { sql, type Transaction } from 'kysely';
import { type Auth, authorOf } from '../core/context.js';
import type { DB, ExtensionRule } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { extensionBase, lockedBookingForExtension, queueExtensionMail, writeExtension } from './validity.js';

// Vouchers through the weather (issue 29, docs/decisions.md): at each weather postponement the flight's bookings
// count one more attempt, and the operator's rules extend the validity in writing (the extension, a note and a
// mail to the customer) or raise 'Remboursement à proposer'. Everything runs in the postponement's transaction,
// under its flight and bookings locks; the undo takes it back while the customer has not received it.

type Trx = Transaction<DB>;

export type VoucherRules = {
  nearExpiry: { enabled: boolean; days: number; months: number };
  attempts: { enabled: boolean; count: number; months: number };
  refund: { enabled: boolean; count: number };
};

const RULE_KEYS = [
  'validity_rule_near_expiry_enabled',
  'validity_rule_near_expiry_days',
  'validity_rule_near_expiry_months',
  'validity_rule_attempts_enabled',
  'validity_rule_attempts_count',
  'validity_rule_attempts_months',
  'validity_rule_refund_enabled',
  'validity_rule_refund_count',
] as const satisfies readonly SettingKey[];

/** The eight settings, their defaults for those never written (a stored value was checked when written). */
export async function readVoucherRules(trx: Trx): Promise<VoucherRules> {
  const rows = await trx.selectFrom('settings').select(['key', 'value']).where('key', 'in', RULE_KEYS).execute();
  const value = (key: (typeof RULE_KEYS)[number]) => rows.find((r) => r.key === key)?.value ?? SETTING_DEFAULTS[key];
  const whole = (key: (typeof RULE_KEYS)[number]) => {
    const n = Number(value(key));
    return Number.isInteger(n) && n >= 1 ? n : Number(SETTING_DEFAULTS[key]);
  };
  return {
    nearExpiry: {
      enabled: value('validity_rule_near_expiry_enabled') === '1',
      days: whole('validity_rule_near_expiry_days'),
      months: whole('validity_rule_near_expiry_months'),
    },
    attempts: {
      enabled: value('validity_rule_attempts_enabled') === '1',
      count: whole('validity_rule_attempts_count'),
      months: whole('validity_rule_attempts_months'),
    },
    refund: { enabled: value('validity_rule_refund_enabled') === '1', count: whole('validity_rule_refund_count') },
  };
}

/** The rules' names in the extension's reason: 'Report météo du 12/06/2026 (règle échéance proche)'. */
export const ruleReason = (rule: ExtensionRule, flightDate: string, rules: VoucherRules): string =>
  `Report météo du ${frenchDate(flightDate)} (règle ${
    rule === 'near_expiry' ? 'échéance proche' : `des ${rules.attempts.count} reports`
  })`;

export const REFUND_NOTE = (count: number) =>
  `Remboursement à proposer : ${count} reports météo (règle des remboursements).`;

export type RulesOutcome = { extended: number; mails: number; refundToOffer: number };

/**
 * After a postponement counted one more attempt on `bookingIds` (the bookings it reopened, locked by the caller):
 * the rules on each. An extension already written for this flight and rule (a postponement undone while its mail
 * had left, then postponed again), or the attempts rule's once per booking, is not written again; the unique
 * indexes of migration 0029 stand behind these reads.
 */
export async function applyVoucherRules(
  trx: Trx,
  flight: { id: number; scheduled_date: string },
  bookingIds: number[],
  auth: Auth | null,
): Promise<RulesOutcome> {
  const outcome: RulesOutcome = { extended: 0, mails: 0, refundToOffer: 0 };
  if (bookingIds.length === 0) return outcome;
  const rules = await readVoucherRules(trx);
  if (!rules.nearExpiry.enabled && !rules.attempts.enabled && !rules.refund.enabled) return outcome;
  const existing = await trx
    .selectFrom('booking_validity_extensions')
    .select(['booking_id', 'rule', 'flight_id'])
    .where('booking_id', 'in', bookingIds)
    .where('rule', 'is not', null)
    .execute();
  const has = (bookingId: number, rule: ExtensionRule, flightId?: number) =>
    existing.some(
      (e) => e.booking_id === bookingId && e.rule === rule && (flightId === undefined || e.flight_id === flightId),
    );
  const userId = authorOf(auth);
  const history: HistoryEntry[] = [];
  const now = new Date().toISOString();
  for (const bookingId of bookingIds) {
    const extend = async (rule: ExtensionRule, months: number) => {
      const booking = await lockedBookingForExtension(trx, bookingId);
      if (!booking) return;
      const validityDate = addMonths(await extensionBase(trx, booking), months);
      const reason = ruleReason(rule, flight.scheduled_date, rules);
      const { extension } = await writeExtension(
        trx,
        booking,
        { months, reason, rule, flightId: flight.id },
        auth,
        validityDate,
      );
      outcome.extended += 1;
      if (await queueExtensionMail(trx, extension, userId)) outcome.mails += 1;
    };
    if (rules.nearExpiry.enabled && !has(bookingId, 'near_expiry', flight.id)) {
      const booking = await lockedBookingForExtension(trx, bookingId);
      const base = booking ? await extensionBase(trx, booking) : null;
      // Day N included: a validity ending N days after the postponed flight is extended, N + 1 days is not. A
      // validity that ended long before the flight, still past once extended, is left to staff ('Prolonger').
      if (
        base !== null &&
        base <= addDays(flight.scheduled_date, rules.nearExpiry.days) &&
        addMonths(base, rules.nearExpiry.months) >= flight.scheduled_date
      ) {
        await extend('near_expiry', rules.nearExpiry.months);
      }
    }
    const counted = await trx
      .selectFrom('bookings')
      .select(['weather_postponements', 'refund_to_offer', 'refunded_on'])
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!counted) continue;
    if (
      rules.attempts.enabled &&
      counted.weather_postponements >= rules.attempts.count &&
      !has(bookingId, 'attempts')
    ) {
      await extend('attempts', rules.attempts.months);
    }
    if (
      rules.refund.enabled &&
      counted.weather_postponements >= rules.refund.count &&
      counted.refund_to_offer === 0 &&
      counted.refunded_on === null
    ) {
      await trx
        .updateTable('bookings')
        .set({ refund_to_offer: 1, updated_at: now })
        .where('id', '=', bookingId)
        .execute();
      const note = await trx
        .insertInto('booking_notes')
        .values({
          booking_id: bookingId,
          content: REFUND_NOTE(counted.weather_postponements),
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      history.push(
        {
          resource: 'bookings',
          recordId: bookingId,
          action: 'update',
          changes: diffRow({ refund_to_offer: 0 }, { refund_to_offer: 1 }),
          bookingId,
        },
        {
          resource: 'booking-notes',
          recordId: note.id,
          action: 'create',
          changes: diffRow(null, { ...note }),
          bookingId,
        },
      );
      outcome.refundToOffer += 1;
    }
  }
  await recordHistory(trx, null, history);
  return outcome;
}

/**
 * The undo of a postponement (services/postponement.ts), after its own checks passed and its counter went back:
 * each automatic extension it wrote is taken back (validity to its previous date, the row deleted, its mail still
 * waiting withdrawn) unless the customer has it in writing already (the mail left or is leaving) or the validity
 * changed since; 'Remboursement à proposer' drops where the count fell below the rule's. Newest first, so two
 * extensions of the same postponement unwind in order.
 */
export async function undoVoucherRules(trx: Trx, flightId: number, bookingIds: number[], auth: Auth | null) {
  if (bookingIds.length === 0) return;
  const extensions = await trx
    .selectFrom('booking_validity_extensions')
    .selectAll()
    .where('flight_id', '=', flightId)
    .where('rule', 'is not', null)
    .where('booking_id', 'in', bookingIds)
    .orderBy('id', 'desc')
    .execute();
  const history: HistoryEntry[] = [];
  const now = new Date().toISOString();
  for (const extension of extensions) {
    const booking = await trx
      .selectFrom('bookings')
      .select(['validity_date'])
      .where('id', '=', extension.booking_id)
      .executeTakeFirst();
    if (!booking || booking.validity_date !== extension.validity_date) continue;
    if (extension.outbox_mail_id !== null) {
      const withdrawn = await trx
        .updateTable('outbox_mails')
        .set({ status: 'failed', error: 'Retiré : le report du vol a été annulé.' })
        .where('id', '=', extension.outbox_mail_id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<string>`${now}`)]))
        .executeTakeFirst();
      if (Number(withdrawn.numUpdatedRows) === 0) {
        const mail = await trx
          .selectFrom('outbox_mails')
          .select('status')
          .where('id', '=', extension.outbox_mail_id)
          .executeTakeFirst();
        // Sent, or being sent: the customer holds the extension in writing, it stands.
        if (mail && mail.status !== 'failed') continue;
      }
    }
    await trx
      .updateTable('bookings')
      .set({ validity_date: extension.previous_validity_date, updated_at: now })
      .where('id', '=', extension.booking_id)
      .execute();
    await trx.deleteFrom('booking_validity_extensions').where('id', '=', extension.id).execute();
    const content = `Prolongation automatique retirée avec le report : ${
      extension.previous_validity_date
        ? `validité ramenée au ${frenchDate(extension.previous_validity_date)}`
        : 'validité ramenée à aucune date'
    }.`;
    const note = await trx
      .insertInto('booking_notes')
      .values({
        booking_id: extension.booking_id,
        content,
        user_id: authorOf(auth),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    history.push(
      {
        resource: 'bookings',
        recordId: extension.booking_id,
        action: 'update',
        changes: diffRow(
          { validity_date: extension.validity_date },
          { validity_date: extension.previous_validity_date },
        ),
        bookingId: extension.booking_id,
      },
      {
        resource: 'booking-validity-extensions',
        recordId: extension.id,
        action: 'delete',
        changes: diffRow({ ...extension }, null),
        bookingId: extension.booking_id,
      },
      {
        resource: 'booking-notes',
        recordId: note.id,
        action: 'create',
        changes: diffRow(null, { ...note }),
        bookingId: extension.booking_id,
      },
    );
  }
  const rules = await readVoucherRules(trx);
  const dropped = await trx
    .updateTable('bookings')
    .set({ refund_to_offer: 0, updated_at: now })
    .where('id', 'in', bookingIds)
    .where('refund_to_offer', '=', 1)
    .where('weather_postponements', '<', rules.refund.count)
    .returning('id')
    .execute();
  for (const row of dropped) {
    history.push({
      resource: 'bookings',
      recordId: row.id,
      action: 'update',
      changes: diffRow({ refund_to_offer: 1 }, { refund_to_offer: 0 }),
      bookingId: row.id,
    });
  }
  await recordHistory(trx, auth, history);
}

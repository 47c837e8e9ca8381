import { z } from 'zod';
import { addDays } from './calendar.js';
import { BOUNDS, hasAtMostDecimals } from './schemas/bounds.js';
import { bounded, date, integer, payload, requiredText } from './schemas/common.js';
import { BOOKING_STATUSES } from './statuses.js';

// Voucher validity (issue 12 point 3). A booking's `validity_date` is the last day its voucher may fly: purchase
// date + `voucher_validity_months` (setting, default 12). Past it, an open booking (pending or in progress) turns
// 'Périmée' (status 5) by the daily job; 'Prolonger' moves the date by N months with a recorded reason.

export const DEFAULT_VALIDITY_MONTHS = 12;
/** "Expire bientôt": the validity ends within this many days (the dashboard's attention list and the lists' filter). */
export const EXPIRING_SOON_DAYS = 30;
/** Bounds of one extension and of the months setting: a voucher is sold for months, not decades. */
export const MAX_VALIDITY_MONTHS = 120;

/** Statuses the expiry job turns 'Périmée' once past validity: completed and canceled bookings never lapse. */
export const EXPIRABLE_BOOKING_STATUS_IDS: readonly number[] = [
  BOOKING_STATUSES.pending.id,
  BOOKING_STATUSES.inProgress.id,
];

export type ValidityState = 'none' | 'valid' | 'expiring' | 'expired';

/** How a booking's validity reads today: past, within EXPIRING_SOON_DAYS, valid, or no date at all. */
export function validityState(validityDate: string | null | undefined, today: string): ValidityState {
  if (!validityDate) return 'none';
  if (validityDate < today) return 'expired';
  if (validityDate <= addDays(today, EXPIRING_SOON_DAYS)) return 'expiring';
  return 'valid';
}

/** POST /api/bookings/{id}/extend-validity: N whole months and why (recorded with who and when). */
export const validityExtensionSchema = payload({
  months: integer(1).max(MAX_VALIDITY_MONTHS, `${MAX_VALIDITY_MONTHS} mois au maximum.`),
  reason: requiredText(500),
  /** Issue 29: also mail the customer the 'Prolongation de validité' (their written copy); off when absent. */
  send_mail: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'La valeur doit être 0 ou 1.' })
    .transform((v) => v === true || v === 1)
    .optional(),
});
export type ValidityExtension = z.input<typeof validityExtensionSchema>;

/** POST /api/flights/{id}/postpone: the weather postponement in one action (issue 12 point 2). */
export const flightPostponeSchema = payload({
  /** Queue the 'Vol reporté (météo)' mail to each booking's referent. */
  send_mail: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'La valeur doit être 0 ou 1.' })
    .transform((v) => v === true || v === 1),
});
export type FlightPostpone = z.input<typeof flightPostponeSchema>;

/**
 * POST /api/bookings/{id}/refund, 'Rembourser' (issue 29): the day and the amount given back. The booking is canceled
 * with it; the vouchers report reads refunded_on and refunded_amount.
 */
export const bookingRefundSchema = payload({
  refunded_on: date(),
  amount: bounded(BOUNDS.amount)
    .refine((v) => v > 0, 'Le montant remboursé doit être positif.')
    .refine((v) => hasAtMostDecimals(v, BOUNDS.amount.decimals), 'Deux décimales au maximum.')
    .transform((v) => Math.round(v * 100) / 100),
});
export type BookingRefund = z.input<typeof bookingRefundSchema>;

/** The automatic extension rules (issue 29): 'near_expiry' (a), 'attempts' (b); null for 'Prolonger'. */
export type ValidityRule = 'near_expiry' | 'attempts';

/** A row of GET /api/booking-validity-extensions: the booking's validity history. */
export type ValidityExtensionRow = {
  id: number;
  booking_id: number;
  months: number;
  reason: string;
  previous_validity_date: string | null;
  validity_date: string;
  /** 'Automatique' for a rule's extension, the user's name for 'Prolonger'. */
  user_name: string | null;
  created_at: string;
  rule: ValidityRule | null;
  flight_id: number | null;
  outbox_mail_id: number | null;
  mail_status: 'pending' | 'sent' | 'failed' | null;
  mail_sent_at: string | null;
};

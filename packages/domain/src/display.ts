// Derived display states (availability, passenger counter, weight, pending passengers), as pure functions shared by the web (tags, counters) and the server
// (public planning widget). Thresholds come from constants.ts.

import {
  AVAILABILITY_FULL_THRESHOLD,
  AVAILABILITY_LIMITED_THRESHOLD,
  MORNING_EVENING_SPLIT_HOUR,
  PASSENGER_WARNING_MARGIN,
  WEIGHT_WARNING_RATIO,
} from './constants.js';
import type { TagColor } from './statuses.js';
import { FLIGHT_STATUSES } from './statuses.js';

export type AvailabilityState = 'unknown' | 'full' | 'limited' | 'free';
export type AvailabilityColor = Extract<TagColor, 'disabled' | 'danger' | 'warning' | 'success'>;
export type AvailabilityDisplay = { state: AvailabilityState; color: AvailabilityColor };

/** Seats left on a flight: null (unknown, no balloon) · ≤ 0 full · 1–2 limited · > 2 free. */
export const availabilityState = (availability: number | null | undefined): AvailabilityState => {
  if (availability === null || availability === undefined) return 'unknown';
  if (availability <= AVAILABILITY_FULL_THRESHOLD) return 'full';
  if (availability <= AVAILABILITY_LIMITED_THRESHOLD) return 'limited';
  return 'free';
};

const AVAILABILITY_COLORS: Record<AvailabilityState, AvailabilityColor> = {
  unknown: 'disabled',
  full: 'danger',
  limited: 'warning',
  free: 'success',
};

/**
 * Availability tag of a flight. For a planned flight the colour follows the seats left; a realized
 * flight is green and a weather-postponed or canceled one red whatever the seats. `state` always describes
 * the seats (a realized flight can be 'full'), so a label can say so. An unknown status slug gets 'disabled'.
 */
export const flightAvailabilityDisplay = (
  statusSlug: string,
  availability: number | null | undefined,
): AvailabilityDisplay => {
  const state = availabilityState(availability);
  switch (statusSlug) {
    case FLIGHT_STATUSES.planned.slug:
      return { state, color: AVAILABILITY_COLORS[state] };
    case FLIGHT_STATUSES.realized.slug:
      return { state, color: 'success' };
    case FLIGHT_STATUSES.weatherPostponed.slug:
    case FLIGHT_STATUSES.canceled.slug:
      return { state, color: 'danger' };
    default:
      return { state, color: 'disabled' };
  }
};

export type PassengerCounterDisplay = {
  color: Extract<TagColor, 'danger' | 'warning' | 'success' | 'disabled'>;
  /** More passengers than seats: the counter shows a warning icon. */
  exceedsCapacity: boolean;
};

/**
 * Passenger counter against the balloon's capacity: count ≥ capacity danger; count ≥ capacity − 2
 * warning; otherwise success; no balloon (capacity null/undefined) disabled.
 */
export const passengerCounterDisplay = (
  passengersCount: number,
  capacity: number | null | undefined,
): PassengerCounterDisplay => {
  if (capacity === null || capacity === undefined) return { color: 'disabled', exceedsCapacity: false };
  const exceedsCapacity = passengersCount > capacity;
  if (passengersCount >= capacity) return { color: 'danger', exceedsCapacity };
  if (passengersCount >= capacity - PASSENGER_WARNING_MARGIN) return { color: 'warning', exceedsCapacity };
  return { color: 'success', exceedsCapacity };
};

export type WeightColor = Extract<TagColor, 'danger' | 'warning' | 'success' | 'disabled'>;

/**
 * Flight total weight against the balloon's market_mass (payload): above it danger; at least 80 % of
 * it warning; otherwise success. Without a usable market_mass (null, undefined, 0 or less: no balloon, or
 * the payload was never entered) there is nothing to compare to, so 'disabled', as the passenger counter
 * without a balloon. A null total weight (no weighed passenger) counts as 0.
 */
export const totalWeightColor = (
  totalWeight: number | null | undefined,
  marketMass: number | null | undefined,
): WeightColor => {
  if (marketMass === null || marketMass === undefined || marketMass <= 0) return 'disabled';
  const weight = totalWeight ?? 0;
  if (weight > marketMass) return 'danger';
  // Rounded to the gram: 0.8 × 455.5 is 364.40000000000003 in floating point, and 364.4 kg must warn.
  const warningFrom = Math.round(WEIGHT_WARNING_RATIO * marketMass * 1000) / 1000;
  if (weight >= warningFrom) return 'warning';
  return 'success';
};

/**
 * Pending passengers of a day: the sum of passengers_number over the bookings given, which the caller
 * has already restricted to pending ones. A missing passengers_number counts as 0.
 */
export const pendingPassengers = (bookings: readonly { passengers_number: number | null | undefined }[]): number =>
  bookings.reduce((sum, booking) => sum + (booking.passengers_number ?? 0), 0);

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

/** Hour of a 'HH:mm' or 'HH:mm:ss' time; throws on anything else (a malformed time is a bug upstream). */
export const hourOf = (time: string): number => {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new TypeError(`Heure invalide : « ${time} » (attendu HH:mm ou HH:mm:ss)`);
  return Number(match[1]);
};

/** Morning is before 12:00, evening from 12:00 (sun and moon separators of the day sidebar). */
export const isMorning = (time: string): boolean => hourOf(time) < MORNING_EVENING_SPLIT_HOUR;

export type DayPeriod = 'morning' | 'evening';
export const dayPeriod = (time: string): DayPeriod => (isMorning(time) ? 'morning' : 'evening');

/**
 * A person where people are listed or picked (a list of pilots, users, a pilot or teammate picker): 'NOM Prénom',
 * the last name in capitals first, because such lists are sorted by last name then first name and a
 * name should read in the order it is sorted. In running text (a flight's pilot, messages, mails) people stay
 * 'Prénom Nom' (full_name). docs/decisions.md, "People's names".
 */
export const listedName = (person: { first_name?: string | null; last_name?: string | null }): string =>
  [(person.last_name ?? '').trim().toLocaleUpperCase('fr-FR'), (person.first_name ?? '').trim()]
    .filter(Boolean)
    .join(' ');

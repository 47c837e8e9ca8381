import { FLIGHT_STATUSES } from '@app/domain';
import type { Transaction } from 'kysely';
import { ConflictError, ValidationError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { checkRealizedFlightUpdate } from './flight-realization.js';
import { assertFlightNotSealed } from './flight-records.js';

// Registration rules (issue "Harden the API"): no registration change on a flight whose status is not editable
// (postponed, canceled or realized), and no seat given twice in a race: beyond the balloon's capacity only with an explicit `force`.

/**
 * Takes the flight's row lock first (db/row-lock.ts), so the
 * seat count below and the insert that follows run as one step per flight, whatever the number of processes.
 */
export async function lockEditableFlight(trx: Transaction<DB>, flightId: number) {
  await lockRow(trx, 'flights', flightId);
  // Issue 30: no registration added or removed once the flight's record is sealed.
  await assertFlightNotSealed(trx, flightId);
  const flight = await trx
    .selectFrom('flights as f')
    .innerJoin('flight_statuses as s', 's.id', 'f.flight_status_id')
    .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
    .select(['s.is_editable', 'b.passengers as seats'])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new ValidationError({ flight_id: ['Vol introuvable.'] }, 'Vol introuvable.');
  if (!flight.is_editable) {
    throw new ConflictError('Ce vol n’est plus modifiable : ses passagers ne peuvent plus changer.');
  }
  return flight;
}

export async function checkSeat(trx: Transaction<DB>, flightId: number, isForced: boolean): Promise<void> {
  const flight = await lockEditableFlight(trx, flightId);
  if (isForced || flight.seats === null || flight.seats === undefined) return;
  const taken = await trx
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('flight_id', '=', flightId)
    .executeTakeFirstOrThrow();
  const left = Number(flight.seats) - Number(taken.n);
  if (left <= 0) {
    throw new ConflictError(
      `Le ballon est complet (${flight.seats} places) : confirmez la surcharge pour inscrire ce passager.`,
    );
  }
}

/** The fields a status change carries (PUT /api/flights/{id} {flight_status_id, takeoff_time, landing_time}). */
const STATUS_FIELDS = new Set(['flight_status_id', 'takeoff_time', 'landing_time']);

export const FLIGHT_NOT_EDITABLE = 'Ce vol est reporté ou annulé : seul son statut peut être modifié.';

/**
 * PUT /api/flights/{id} on a not-editable flight, under the flight's lock: a realized one still takes its flight
 * record (422 for anything else, services/flight-realization.ts), a postponed or canceled one only its status (409).
 */
export async function checkFlightUpdate(
  trx: Transaction<DB>,
  existing: Record<string, unknown>,
  values: Record<string, unknown>,
  lists: ReadonlyMap<string, number[]>,
): Promise<void> {
  const isStatusOnly = Object.keys(values).every((key) => STATUS_FIELDS.has(key)) && lists.size === 0;
  if (isStatusOnly) return;
  const flightId = Number(existing.id);
  await lockRow(trx, 'flights', flightId);
  const status = await trx
    .selectFrom('flights as f')
    .innerJoin('flight_statuses as s', 's.id', 'f.flight_status_id')
    .select(['s.is_editable', 'f.flight_status_id'])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  if (status?.flight_status_id === FLIGHT_STATUSES.realized.id) checkRealizedFlightUpdate(values, lists);
  else if (status && !status.is_editable) throw new ConflictError(FLIGHT_NOT_EDITABLE);
}

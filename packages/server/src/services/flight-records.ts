import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ConflictError } from '../http/errors.js';

// The sealed flight record (issue 30, BOP.ADD.205: records protected from change). Once 'Clôturer le dossier de
// vol' has stored a flight's record, nothing of that flight, its registrations or its masses may change until a
// correction is opened with a reason; the correction is sealed again as the record's next version.

export const SEALED_MESSAGE =
  'Le dossier de ce vol est clôturé : le vol, ses inscriptions et ses masses ne peuvent plus être modifiés. Ouvrez une correction (avec son motif) pour le modifier.';

/** Whether the flight has a sealed record and no correction open. */
export async function isFlightSealed(db: Kysely<DB>, flightId: number): Promise<boolean> {
  const row = await db
    .selectFrom('flights as f')
    .select([
      'f.correction_reason',
      (eb) =>
        eb
          .selectFrom('flight_records as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.flight_id', '=', 'f.id')
          .as('records'),
    ])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  return !!row && Number(row.records ?? 0) > 0 && row.correction_reason === null;
}

/**
 * Refuses (409, in French) any write on a sealed flight, its registrations or its masses. Every write path on a
 * flight calls it inside its transaction (a Transaction is a Kysely), after taking the flight's lock when it has one.
 */
export async function assertFlightNotSealed(db: Kysely<DB>, flightId: number): Promise<void> {
  if (await isFlightSealed(db, flightId)) throw new ConflictError(SEALED_MESSAGE);
}

/** Refuses a write on passengers (their weights are masses) registered on a sealed flight. */
export async function assertPassengersNotSealed(db: Kysely<DB>, passengerIds: readonly number[]): Promise<void> {
  if (passengerIds.length === 0) return;
  const sealed = await db
    .selectFrom('registrations as g')
    .innerJoin('flights as f', 'f.id', 'g.flight_id')
    .select('g.flight_id')
    .where('g.passenger_id', 'in', [...passengerIds])
    .where('f.correction_reason', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('flight_records as r').select('r.id').whereRef('r.flight_id', '=', 'f.id')))
    .executeTakeFirst();
  if (sealed) throw new ConflictError(SEALED_MESSAGE);
}

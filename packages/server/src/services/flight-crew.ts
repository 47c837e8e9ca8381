import { crewCheck, type FlightCrew, schemaFields } from '@app/domain';
import type { Kysely } from 'kysely';
import { NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { assertFlightNotSealed } from './flight-records.js';

// Who flies in the basket (issue 30, more than 19 passengers need a second crew member on board): the pilot, and the
// flight's teammates marked on board. The others are the retrieve crew on the ground and do not count.
// GET and PUT /api/flights/{id}/crew; the flight plan's crew check counts the same rows (services/flight-masses.ts).

const { payload, idList } = schemaFields;
export const crewOnBoardSchema = payload({ on_board: idList() });

export async function flightCrew(db: Kysely<DB>, flightId: number): Promise<FlightCrew> {
  const flight = await db.selectFrom('flights').select('id').where('id', '=', flightId).executeTakeFirst();
  if (!flight) throw new NotFoundError();
  const [teammates, passengers] = await Promise.all([
    db
      .selectFrom('flight_teammates as ft')
      .innerJoin('teammates as t', 't.id', 'ft.teammate_id')
      .select(['t.id', 't.first_name', 't.last_name', 'ft.on_board'])
      .where('ft.flight_id', '=', flightId)
      .orderBy('t.last_name')
      .orderBy('t.first_name')
      .execute(),
    db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('flight_id', '=', flightId)
      .executeTakeFirstOrThrow(),
  ]);
  const onBoard = teammates.filter((t) => Number(t.on_board) === 1).length;
  return {
    teammates: teammates.map((t) => ({
      id: t.id,
      full_name: [t.first_name, t.last_name].filter(Boolean).join(' '),
      on_board: Number(t.on_board) === 1 ? 1 : 0,
    })),
    crew: crewCheck(Number(passengers.n), onBoard),
  };
}

/** Marks which of the flight's teammates are on board (the others on the ground); refused on a sealed flight. */
export async function setCrewOnBoard(db: Kysely<DB>, flightId: number, body: unknown): Promise<FlightCrew> {
  const { on_board: ids } = crewOnBoardSchema.parse(body);
  await db.transaction().execute(async (trx) => {
    const flight = await trx.selectFrom('flights').select('id').where('id', '=', flightId).executeTakeFirst();
    if (!flight) throw new NotFoundError();
    await assertFlightNotSealed(trx, flightId);
    const crew = await trx
      .selectFrom('flight_teammates')
      .select('teammate_id')
      .where('flight_id', '=', flightId)
      .execute();
    const ofFlight = new Set(crew.map((c) => c.teammate_id));
    if (ids.some((id) => !ofFlight.has(id))) {
      throw ValidationError.field('on_board', "Un équipier coché n'est pas de l'équipe de ce vol.");
    }
    await trx.updateTable('flight_teammates').set({ on_board: 0 }).where('flight_id', '=', flightId).execute();
    if (ids.length > 0) {
      await trx
        .updateTable('flight_teammates')
        .set({ on_board: 1 })
        .where('flight_id', '=', flightId)
        .where('teammate_id', 'in', ids)
        .execute();
    }
  });
  return flightCrew(db, flightId);
}

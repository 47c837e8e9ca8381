import { z } from 'zod';

// What a partner's program may send and receive (GET /api/openapi.json): the routes an API key reaches (the
// read-only planning, order files) and the public widget's. The server's OpenAPI document is generated from these
// schemas, and its tests check the server's real answers against them: a field added to an answer without being
// described here fails them.

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'Date AAAA-MM-JJ.' });
const clockTime = z
  .string()
  .regex(/^\d{2}:\d{2}(:\d{2})?$/)
  .meta({ description: 'Heure HH:mm ou HH:mm:ss (heure de Paris).' });
const flag = z.union([z.literal(0), z.literal(1)]).meta({ description: '0 (non) ou 1 (oui).' });
const id = z.number().int().positive();
const labelled = z.strictObject({ id, label: z.string() });

/** Every error answer: a French message, and per field (422) or per problem (415) the detailed messages. */
export const partnerErrorSchema = z
  .object({
    message: z.string().meta({ description: 'Message en français, à montrer tel quel.' }),
    errors: z
      .union([z.record(z.string(), z.array(z.string())), z.array(z.string())])
      .optional()
      .meta({ description: 'Messages par champ (422) ou par problème.' }),
  })
  .meta({ id: 'Erreur' });

const flightFields = {
  id,
  scheduled_date: calendarDate,
  scheduled_time: clockTime,
  is_public: flag,
  flight_type_id: id.nullable(),
  location_id: id.nullable(),
  prestation_id: id.nullable(),
  balloon_id: id.nullable(),
  flight_status_id: id,
  takeoff_time: clockTime.nullable(),
  landing_time: clockTime.nullable(),
  passengers_count: z.number().int().min(0).meta({ description: 'Passagers inscrits.' }),
  availability: z.number().int().nullable().meta({ description: 'Places restantes ; null sans ballon.' }),
};

/** A flight as an API key reads it (GET /api/flights): when, where, what, seats left; never who flies. */
export const partnerFlightSchema = z
  .strictObject({
    ...flightFields,
    location: z
      .strictObject({ id, label: z.string(), is_restrictive: flag })
      .nullable()
      .optional()
      .meta({ description: 'Avec embed=location.' }),
    balloon: z
      .strictObject({ id, label: z.string(), passengers: z.number().int() })
      .nullable()
      .optional()
      .meta({ description: 'Avec embed=balloon.' }),
    prestation: labelled.nullable().optional().meta({ description: 'Avec embed=prestation.' }),
    flight_type: labelled.nullable().optional().meta({ description: 'Avec embed=flight_type.' }),
    flight_status: z
      .strictObject({ id, slug: z.string(), label: z.string() })
      .optional()
      .meta({ description: 'Avec embed=flight_status.' }),
  })
  .meta({ id: 'Vol' });

export const partnerFlightPageSchema = z
  .strictObject({
    data: z.array(partnerFlightSchema),
    count: z.number().int().min(0).meta({ description: 'Nombre de vols de toute la sélection.' }),
    sum: z.null(),
    prev: z.number().int().nullable(),
    next: z.number().int().nullable(),
  })
  .meta({ id: 'PageDeVols' });

/** POST /api/planning/day {day}. */
export const planningDayRequestSchema = z.strictObject({ day: calendarDate }).meta({ id: 'DemandeJournee' });

/** POST /api/planning/range {from, to}: at most 42 days. */
export const planningRangeRequestSchema = z
  .strictObject({ from: calendarDate, to: calendarDate })
  .meta({ id: 'DemandePeriode', description: 'Période de 1 à 42 jours, bornes comprises.' });

/** A flight of the day's planning as an API key reads it: no pilot, weights, temperature nor altitude. */
export const partnerPlanningFlightSchema = z
  .strictObject({
    kind: z.literal('flight'),
    ...flightFields,
    flight_status: z.strictObject({
      id,
      slug: z.string(),
      label: z.string(),
      color: z.string().nullable(),
      icon: z.string(),
      is_editable: flag,
    }),
    flight_type: labelled.nullable(),
    location: z.strictObject({ id, label: z.string(), takeoff_altitude: z.number().nullable() }).nullable(),
    prestation: labelled.nullable(),
    balloon: z
      .strictObject({
        id,
        label: z.string(),
        passengers: z.number().int(),
        market_mass: z.number().nullable(),
        envelope_temperature: z.number().nullable(),
        volume: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'VolDuPlanning' });

export const partnerPlanningDaySchema = z
  .strictObject({
    items: z.array(partnerPlanningFlightSchema),
    pending_passengers: z.number().int().min(0).meta({ description: 'Passagers en attente demandant ce jour.' }),
  })
  .meta({ id: 'PlanningJournee' });

export const partnerPlanningRangeSchema = z
  .strictObject({
    flights: z.array(
      z.strictObject({
        id,
        scheduled_date: calendarDate,
        scheduled_time: clockTime,
        flight_status_id: id,
        balloon: z.strictObject({ id, label: z.string(), passengers: z.number().int() }).nullable(),
        location: labelled.nullable(),
        passengers_count: z.number().int().min(0),
        availability: z.number().int().nullable(),
        is_public: flag,
      }),
    ),
    events: z.array(z.never()).meta({ description: 'Toujours vide pour une clé d’API.' }),
    pending_passengers: z
      .record(calendarDate, z.number().int())
      .meta({ description: 'Passagers en attente par jour demandé (les jours qui en ont).' }),
  })
  .meta({ id: 'PlanningPeriode' });

/** POST /api/remote-orders: the name the file was stored under (waiting for its import). */
export const remoteOrderStoredSchema = z
  .strictObject({ file: z.string().meta({ description: 'Nom du fichier déposé, en attente d’import.' }) })
  .meta({ id: 'FichierDepose' });

/** GET /api/public/planning (the widget's answer: nothing personal). */
export const publicPlanningSchema = z
  .strictObject({
    from: calendarDate,
    to: calendarDate,
    location: labelled.nullable(),
    show: z.strictObject({ location: z.boolean(), prestation: z.boolean(), availability: z.boolean() }),
    flights: z.array(
      z.strictObject({
        id,
        scheduled_date: calendarDate,
        scheduled_time: clockTime,
        location: labelled.nullable(),
        prestation: labelled.nullable(),
        seats_left: z.number().int().nullable(),
        is_full: z.boolean(),
      }),
    ),
    is_truncated: z.boolean(),
  })
  .meta({ id: 'PlanningPublic' });

export const registrationRequestReceivedSchema = z.strictObject({ message: z.string() }).meta({ id: 'DemandeRecue' });

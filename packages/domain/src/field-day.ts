import { computeTakeoffMass } from './takeoff-mass.js';

// Issue 31, the launch field offline (/terrain): what the crew's device downloads for the day's flights, the writes
// it queues while there is no network and sends back in order (POST /api/field/sync), and the live masses of the
// boarding, computed on the device from the same inputs as the office's operational flight plan.
// No zod here: the field's own page (terrain.html) reads these on a phone, and the sync's schemas (field.ts) are
// the server's.

/** The fields a device may write: per registered passenger, or on the flight itself. */
export const FIELD_PASSENGER_FIELDS = ['is_present', 'is_briefed', 'weight'] as const;
export const FIELD_FLIGHT_FIELDS = [
  'takeoff_time',
  'landing_time',
  'takeoff_temperature',
  'takeoff_place',
  'landing_place',
  'remarks',
  'incidents',
] as const;
export type FieldPassengerField = (typeof FIELD_PASSENGER_FIELDS)[number];
export type FieldFlightField = (typeof FIELD_FLIGHT_FIELDS)[number];
export type FieldName = FieldPassengerField | FieldFlightField;
/** Written on a realized flight too: the flight's record after landing (as the office's 'Compte rendu du vol'). */
export const FIELD_RECORD_FIELDS: readonly FieldName[] = FIELD_FLIGHT_FIELDS;

export type FieldValue = string | number | null;

/** Writes in one sync call at most; a device sends its queue in slices of this size. */
export const FIELD_SYNC_MAX_OPERATIONS = 200;
export const FIELD_TEXT_MAX = 2000;

export const FIELD_MESSAGES = {
  offline: (count: number) => `Hors ligne — ${count} modification${count > 1 ? 's' : ''} en attente`,
  pending: (count: number) => `${count} modification${count > 1 ? 's' : ''} en attente d’envoi`,
  synced: 'Toutes les modifications sont envoyées',
  notOwn: 'Vous n’êtes ni le pilote ni un équipier de ce vol : la modification n’a pas été enregistrée.',
  notFound: 'Ce vol n’existe plus : la modification n’a pas été enregistrée.',
  notRegistered: 'Ce passager n’est plus inscrit sur ce vol : la modification n’a pas été enregistrée.',
  canceled: 'Ce vol est annulé : le terrain ne peut plus le modifier.',
  postponed: 'Ce vol est reporté pour la météo : le terrain ne peut plus le modifier.',
  realizedBoarding:
    'Ce vol est réalisé : l’embarquement (présence, poids, briefing) ne peut plus changer ; seul son compte rendu le peut.',
  conflict: 'Le bureau a modifié cette valeur entre-temps.',
  passengerMissing: 'Passager attendu pour ce champ.',
  tooMany: `${FIELD_SYNC_MAX_OPERATIONS} modifications au plus par envoi.`,
} as const;

export const FIELD_LABELS: Record<FieldName, string> = {
  is_present: 'Présence',
  is_briefed: 'Briefing',
  weight: 'Poids',
  takeoff_time: 'Heure de décollage',
  landing_time: 'Heure d’atterrissage',
  takeoff_temperature: 'Température au sol',
  takeoff_place: 'Lieu de décollage',
  landing_place: 'Lieu d’atterrissage',
  remarks: 'Remarques',
  incidents: 'Incidents',
};

/** One write of the device: the value it saw before (`base`) and the one typed (`value`). */
export type FieldOperation = {
  /** Generated on the device, kept through retries. */
  id: string;
  flight_id: number;
  passenger_id?: number | null;
  field: FieldName;
  base: FieldValue;
  value: FieldValue;
};

export type FieldSyncStatus = 'applied' | 'conflict' | 'refused';
export type FieldSyncResult = {
  id: string;
  status: FieldSyncStatus;
  /** Applied by an earlier call with the same id: nothing written this time. */
  duplicate?: boolean;
  /** Refused: why, in French, for the device to show. */
  reason?: string;
  /** Conflict (and applied): the server's value now. */
  current?: FieldValue;
};
export type FieldSyncAnswer = { results: FieldSyncResult[] };

/** Two values of a field are the same (numbers read from PostgreSQL come as text: 80.5 and '80.50'). */
export function sameFieldValue(field: FieldName, a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (field === 'weight' || field === 'takeoff_temperature' || field === 'is_present' || field === 'is_briefed')
    return Number(a) === Number(b);
  if (field === 'takeoff_time' || field === 'landing_time') return String(a).slice(0, 5) === String(b).slice(0, 5);
  return String(a) === String(b);
}

export type FieldPassenger = {
  id: number;
  full_name: string;
  booking_id: number;
  booking_number: string;
  age: number | null;
  weight: number | null;
  phone: string | null;
  passenger_type: string | null;
  is_present: 0 | 1 | null;
  is_briefed: 0 | 1;
};

export type FieldReport = {
  takeoff_time: string | null;
  landing_time: string | null;
  takeoff_temperature: number | null;
  takeoff_place: string | null;
  landing_place: string | null;
  remarks: string | null;
  incidents: string | null;
};

/** What the masses need besides the passengers and the ground temperature. */
export type FieldMassInputs = {
  pilot_weight: number | null;
  pilot_bag_weight: number | null;
  has_balloon: boolean;
  empty_mass: number | null;
  gas_mass: number | null;
  volume: number | null;
  envelope_temperature: number | null;
  takeoff_max_mass: number | null;
  flight_max_altitude: number | null;
  takeoff_altitude: number | null;
  /** kg added per passenger on board, as the flight plan adds it: clothing + hand baggage + the operator's supplement. */
  passenger_allowance: number;
};

/** One flight of the day as GET /api/field/flights answers it: everything the field needs without a network. */
export type FieldFlight = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  flight_status_id: number;
  /** Why the field may not change the boarding or anything (canceled, postponed, realized, sealed); null: open. */
  lock: { reason: string; fields: 'all' | 'boarding' } | null;
  location: { label: string; takeoff_altitude: number | null } | null;
  balloon: { label: string; registration_number: string | null; passengers: number | null } | null;
  pilot: { full_name: string } | null;
  teammates: { full_name: string; phone: string | null }[];
  pinned_note: string | null;
  inputs: FieldMassInputs;
  report: FieldReport;
  passengers: FieldPassenger[];
};

export type FieldMasses = {
  /** Passengers not marked absent. */
  count: number;
  without_weight: number;
  passengers_weight: number;
  /** count × the operator's allowance per passenger (clothes, bag). */
  allowance: number;
  pilot: number | null;
  total: number | null;
  max_takeoff_mass: number | null;
  margin: number | null;
};

const isNum = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const round2 = (v: number) => Math.round(v * 100) / 100 + 0;

/**
 * The boarding's masses as the office's flight plan computes them (services/flight-masses.ts), on the passengers
 * who fly: those marked 'Absent' are left out, those not yet checked in still count. The maximum takeoff mass is
 * the maximum takeoff mass calculator's with the ground temperature entered on the field.
 */
export function computeFieldMasses(
  inputs: FieldMassInputs,
  passengers: readonly Pick<FieldPassenger, 'weight' | 'is_present'>[],
  groundTemperature: number | null,
): FieldMasses {
  const flying = passengers.filter((p) => p.is_present !== 0);
  const weights = flying.map((p) => (isNum(p.weight) ? Number(p.weight) : null));
  const passengersWeight = round2(weights.reduce<number>((sum, w) => sum + (w ?? 0), 0));
  const allowance = round2(flying.length * inputs.passenger_allowance);
  const pilot = isNum(inputs.pilot_weight)
    ? round2(inputs.pilot_weight + (isNum(inputs.pilot_bag_weight) ? inputs.pilot_bag_weight : 0))
    : null;
  const balloon = inputs.has_balloon && isNum(inputs.empty_mass) ? inputs.empty_mass : null;
  const gas = inputs.has_balloon && isNum(inputs.gas_mass) ? inputs.gas_mass : null;
  const parts = [pilot, balloon, gas];
  const total = parts.every(isNum)
    ? round2(parts.reduce<number>((a, b) => a + (b as number), 0) + passengersWeight + allowance)
    : null;
  const lift = inputs.has_balloon
    ? (computeTakeoffMass({
        groundTemperature,
        maxAltitude: inputs.flight_max_altitude,
        takeoffAltitude: inputs.takeoff_altitude,
        volume: inputs.volume,
        envelopeTemperature: inputs.envelope_temperature,
      })?.lift ?? null)
    : null;
  return {
    count: flying.length,
    without_weight: weights.filter((w) => w === null).length,
    passengers_weight: passengersWeight,
    allowance,
    pilot,
    total,
    max_takeoff_mass: lift,
    margin: lift !== null && total !== null ? round2(lift - total) : null,
  };
}

// The range of every physical quantity, count and amount a write may carry (issue 26): a passenger of -400 kg hid
// an overload on the flight plan, a 1e308 kg pilot turned the flight's totals into Infinity. The payload schemas
// (common.ts `bounded`), the server's own checks (settings, partner files, online shop) and the web forms' min/max
// all read this one table.

export type Bound = {
  min: number;
  max: number;
  /** Written after the numbers of the message ('kg', '°C'...); '' for a plain count. */
  unit: string;
  /** The message's subject with its article: 'Le poids', "L'altitude". */
  subject: string;
  /** The subject is feminine: « comprise entre ». */
  isFeminine?: boolean;
  /** Whole numbers only. */
  isInteger?: boolean;
  /** Decimals allowed at most (money: cents). */
  decimals?: number;
};

export const BOUNDS = {
  passengerWeight: { min: 1, max: 300, unit: 'kg', subject: 'Le poids' },
  passengerAge: { min: 0, max: 120, unit: 'ans', subject: "L'âge", isInteger: true },
  pilotWeight: { min: 30, max: 250, unit: 'kg', subject: 'Le poids' },
  /** A pilot's bag, and the flight plan's default bag (setting ofp_pilot_bag_default). */
  bagWeight: { min: 0, max: 100, unit: 'kg', subject: 'Le poids du sac' },
  /** Setting ofp_passenger_supplement: added to each registered passenger's weight. */
  passengerSupplement: { min: 0, max: 50, unit: 'kg', subject: 'Le supplément par passager' },
  /** Balloon capacity (passengers). */
  balloonCapacity: {
    min: 1,
    max: 100,
    unit: 'passagers',
    subject: 'La capacité',
    isFeminine: true,
    isInteger: true,
  },
  bookingPassengers: { min: 1, max: 100, unit: '', subject: 'Le nombre de passagers', isInteger: true },
  /** Required and never 0: the flight plan divides the load by it. */
  takeoffMaxMass: { min: 1, max: 20_000, unit: 'kg', subject: 'La masse', isFeminine: true },
  /** The other balloon masses: landing minimum, empty, market (payload), gas. */
  balloonMass: { min: 0, max: 20_000, unit: 'kg', subject: 'La masse', isFeminine: true },
  volume: { min: 100, max: 20_000, unit: 'm³', subject: 'Le volume' },
  envelopeTemperature: { min: 0, max: 150, unit: '°C', subject: 'La température', isFeminine: true },
  takeoffTemperature: { min: -40, max: 50, unit: '°C', subject: 'La température', isFeminine: true },
  /** Takeoff altitude of a location, maximum altitude of a location or a flight. */
  altitude: { min: -500, max: 10_000, unit: 'm', subject: "L'altitude", isFeminine: true },
  hourlyConsumption: { min: 0, max: 500, unit: 'kg/h', subject: 'La consommation', isFeminine: true },
  /** A balloon's autonomy, flying and reserve times, in minutes (services/flight-masses.ts): 24 hours at most. */
  duration: { min: 0, max: 1440, unit: 'min', subject: 'La durée', isFeminine: true },
  amount: { min: 0, max: 1_000_000, unit: '€', subject: 'Le montant', decimals: 2 },
  /** Setting backup_keep: how many daily backups stay in their folder. */
  backupKeep: { min: 1, max: 365, unit: '', subject: 'Le nombre de sauvegardes', isInteger: true },
  /** Issue 29, setting validity_rule_near_expiry_days: how near the validity's end a postponed flight is. */
  validityRuleDays: { min: 1, max: 365, unit: 'jours', subject: 'Le nombre de jours', isInteger: true },
  /** Issue 30: a balloon's hours (before the product, at its last inspection). */
  balloonHours: { min: 0, max: 100_000, unit: 'h', subject: "Le nombre d'heures" },
  /** Issue 30: a balloon's fuel cylinders (one cylinder: a 15-minute reserve instead of 30). */
  cylinders: { min: 1, max: 20, unit: '', subject: 'Le nombre de bouteilles', isInteger: true },
  /** Issue 30: the fuel loaded on a flight, kg. */
  fuelLoaded: { min: 0, max: 2_000, unit: 'kg', subject: 'Le carburant embarqué' },
  /** Issue 30, settings ofp_allowance_clothing and ofp_allowance_baggage: kg added to each passenger's weight. */
  allowance: { min: 0, max: 50, unit: 'kg', subject: "L'allocation par passager", isFeminine: true },
  /** Issue 30, setting pilot_recency_flights. */
  recencyFlights: { min: 1, max: 50, unit: 'vols', subject: 'Le nombre de vols', isInteger: true },
  /** Issue 30, settings pilot_recency_days. */
  recencyDays: { min: 1, max: 1000, unit: 'jours', subject: 'Le nombre de jours', isInteger: true },
  /** Issue 30, setting balloon_inspection_months. */
  inspectionMonths: { min: 1, max: 60, unit: 'mois', subject: 'Le nombre de mois', isInteger: true },
  /** Issue 30, setting balloon_inspection_hours. */
  inspectionHours: { min: 1, max: 1000, unit: 'h', subject: "Le nombre d'heures", isInteger: true },
  /** Issue 29, settings validity_rule_attempts_count and validity_rule_refund_count. */
  validityRuleCount: { min: 1, max: 100, unit: '', subject: 'Le nombre de reports', isInteger: true },
} as const satisfies Record<string, Bound>;

export type BoundName = keyof typeof BOUNDS;

/** A bound's min and max, spread into a number input's attributes (the web forms). */
export const rangeOf = (bound: Bound): { min: number; max: number } => ({ min: bound.min, max: bound.max });

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** 'Le poids doit être compris entre 1 et 300 kg.' (thousands grouped as French writes them: 20 000). */
export function boundMessage(bound: Bound): string {
  const range = `${numberFormat.format(bound.min)} et ${numberFormat.format(bound.max)}`;
  return `${bound.subject} doit être ${bound.isFeminine ? 'comprise' : 'compris'} entre ${range}${bound.unit ? ` ${bound.unit}` : ''}.`;
}

/** At most `decimals` decimals (a float's own error aside: 189.9 * 100 is 18989.999999999996). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Whether `value` is a finite number inside `bound` (whole when the bound says so, within its decimals). */
export function isWithinBound(value: number, bound: Bound): boolean {
  return (
    Number.isFinite(value) &&
    value >= bound.min &&
    value <= bound.max &&
    (!bound.isInteger || Number.isInteger(value)) &&
    (bound.decimals === undefined || hasAtMostDecimals(value, bound.decimals))
  );
}

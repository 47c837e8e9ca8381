import { addMonths } from './calendar.js';

// The regulator's flight file (issue 30): the pure rules, shared by the server (compliance, plan, logbook) and the
// web (what it prints beside each check). Dates are YYYY-MM-DD, times HH:mm[:ss], durations in minutes, masses kg.

export type ComplianceCode =
  | 'pilot_recency'
  | 'pilot_licence'
  | 'pilot_medical'
  | 'balloon_inspection'
  | 'fuel_reserve'
  | 'crew_count';

/** 'error': a rule is broken on the flight's day; 'warning': what the rule needs is not known. Never a refusal. */
export type ComplianceSeverity = 'error' | 'warning';
export type ComplianceItem = { code: ComplianceCode; severity: ComplianceSeverity; message: string };

/** Above this many passengers, a second crew member must be on board (BOP.BAS). */
export const MAX_PASSENGERS_SINGLE_CREW = 19;
/** Fuel reserve, minutes: 30, or 15 with a single cylinder (BOP.BAS.110). */
export const FUEL_RESERVE_MINUTES = 30;
export const FUEL_RESERVE_SINGLE_CYLINDER_MINUTES = 15;

export const frenchDate = (date: string): string => {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** « de Paul », « d'Amélie »: French elides before a vowel. */
export const ofName = (name: string): string => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? `d'${name}` : `de ${name}`);

const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;
const kg = (v: number): string => `${String(round2(v)).replace('.', ',')} kg`;

/** Minutes between takeoff and landing; a landing before the takeoff is taken as past midnight. Null if one is missing. */
export function flightMinutes(takeoff: string | null | undefined, landing: string | null | undefined): number | null {
  if (!takeoff || !landing) return null;
  const minutes = (t: string) => {
    const [h, m, s] = t.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0) + (s ?? 0) / 60;
  };
  const d = minutes(landing) - minutes(takeoff);
  return Math.round(d >= 0 ? d : d + 24 * 60);
}

/** '1 h 05' for 65 minutes. */
export function formatMinutes(total: number): string {
  const rounded = Math.round(total);
  const h = Math.floor(rounded / 60);
  const m = rounded - h * 60;
  return `${h} h ${String(m).padStart(2, '0')}`;
}

export type RecencyRule = { flights: number; days: number };

export function recencyItem(count: number, rule: RecencyRule, pilotName: string): ComplianceItem | null {
  if (count >= rule.flights) return null;
  return {
    code: 'pilot_recency',
    severity: 'error',
    message: `${pilotName} n'a effectué que ${count} vol${count > 1 ? 's' : ''} dans les ${rule.days} jours précédant ce vol (${rule.flights} requis).`,
  };
}

export function expiryItem(
  code: 'pilot_licence' | 'pilot_medical',
  expiresOn: string | null | undefined,
  flightDate: string,
  pilotName: string,
): ComplianceItem | null {
  const what = code === 'pilot_licence' ? 'La licence' : "L'aptitude médicale";
  if (!expiresOn) {
    return {
      code,
      severity: 'warning',
      message: `${what} ${ofName(pilotName)} n'a pas de date de fin de validité enregistrée.`,
    };
  }
  if (expiresOn >= flightDate) return null;
  return {
    code,
    severity: 'error',
    message: `${what} ${ofName(pilotName)} a expiré le ${frenchDate(expiresOn)}, avant ce vol.`,
  };
}

export type InspectionRule = { months: number; hours: number };
export type InspectionState = {
  last_inspection_on: string | null;
  hours_at_last_inspection: number | null;
  /** The earlier of the two: the date `months` after the last inspection. */
  due_on: string | null;
  /** The balloon's hours at which it is due: `hours` after the last inspection. */
  due_hours: number | null;
  /** Hours on the balloon (before the product + realized flights), at the moment considered. */
  hours: number;
  /** Due on or before the day considered, by date or by hours. */
  is_due: boolean;
  due_reason: 'date' | 'hours' | null;
};

/**
 * Next inspection due = the earlier of `months` after the last one and `hours` flown after it. Due "before the
 * flight" when its date is before the flight's day, or when the balloon's hours have reached the due hours.
 */
export function inspectionState(
  balloon: { last_inspection_on: string | null; hours_at_last_inspection: number | null },
  hours: number,
  day: string,
  rule: InspectionRule,
): InspectionState {
  const last = balloon.last_inspection_on;
  const dueOn = last ? addMonths(last, rule.months) : null;
  const dueHours =
    last && balloon.hours_at_last_inspection !== null ? round2(balloon.hours_at_last_inspection + rule.hours) : null;
  const byDate = dueOn !== null && dueOn < day;
  const byHours = dueHours !== null && round2(hours) >= dueHours;
  return {
    last_inspection_on: last,
    hours_at_last_inspection: balloon.hours_at_last_inspection,
    due_on: dueOn,
    due_hours: dueHours,
    hours: round2(hours),
    is_due: byDate || byHours,
    due_reason: byDate ? 'date' : byHours ? 'hours' : null,
  };
}

export function inspectionItem(state: InspectionState, balloonName: string): ComplianceItem | null {
  if (!state.last_inspection_on) {
    return {
      code: 'balloon_inspection',
      severity: 'warning',
      message: `Le ballon ${balloonName} n'a pas de visite (annuelle ou 100 heures) enregistrée.`,
    };
  }
  if (!state.is_due) return null;
  const why =
    state.due_reason === 'date'
      ? `depuis le ${frenchDate(state.due_on as string)}`
      : `à ${String(state.due_hours).replace('.', ',')} h (le ballon en compte ${String(state.hours).replace('.', ',')})`;
  return {
    code: 'balloon_inspection',
    severity: 'error',
    message: `La visite du ballon ${balloonName} est échue ${why}.`,
  };
}

export type FuelCheck = {
  /** kg/h, the manufacturer's consumption. */
  consumption: number | null;
  /** Planned flight time, minutes. */
  planned_minutes: number | null;
  /** 30, or 15 with a single cylinder (or the balloon's own reserve when longer). */
  reserve_minutes: number;
  cylinders: number | null;
  /** consumption × (planned + reserve) / 60, kg; null when an input is missing. */
  needed: number | null;
  loaded: number | null;
  /** null when it cannot be told. */
  is_ok: boolean | null;
  /** The formula with its numbers, to redo by hand. */
  formula: string;
};

export function fuelCheck(i: {
  consumption: number | null;
  planned_minutes: number | null;
  balloon_reserve_minutes: number | null;
  cylinders: number | null;
  loaded: number | null;
}): FuelCheck {
  const regulatory = i.cylinders === 1 ? FUEL_RESERVE_SINGLE_CYLINDER_MINUTES : FUEL_RESERVE_MINUTES;
  const reserve = Math.max(regulatory, i.balloon_reserve_minutes ?? 0);
  const needed =
    i.consumption !== null && i.planned_minutes !== null
      ? round2((i.consumption * (i.planned_minutes + reserve)) / 60)
      : null;
  const formula =
    needed === null
      ? 'consommation × (temps de vol prévu + réserve) / 60 : consommation ou temps de vol prévu du ballon manquant'
      : `${i.consumption} kg/h × (${i.planned_minutes} min + ${reserve} min) / 60 = ${kg(needed)}`;
  return {
    consumption: i.consumption,
    planned_minutes: i.planned_minutes,
    reserve_minutes: reserve,
    cylinders: i.cylinders,
    needed,
    loaded: i.loaded,
    is_ok: needed !== null && i.loaded !== null ? i.loaded >= needed : null,
    formula,
  };
}

export function fuelItem(check: FuelCheck): ComplianceItem | null {
  if (check.loaded === null) return null;
  if (check.needed === null) {
    return {
      code: 'fuel_reserve',
      severity: 'warning',
      message: 'Carburant nécessaire incalculable : la consommation ou le temps de vol prévu du ballon manque.',
    };
  }
  if (check.is_ok) return null;
  return {
    code: 'fuel_reserve',
    severity: 'error',
    message: `Carburant embarqué insuffisant : ${kg(check.loaded)} pour ${kg(check.needed)} nécessaires (${check.formula}).`,
  };
}

export type AllowanceCheck = {
  clothing: number;
  baggage: number;
  /** The operator's own extra per passenger (setting ofp_passenger_supplement), 0 by default. */
  supplement: number;
  per_passenger: number;
  passengers_count: number;
  declared: number;
  total: number;
  formula: string;
};

export function allowanceCheck(i: {
  clothing: number;
  baggage: number;
  supplement: number;
  passengers_count: number;
  declared: number;
}): AllowanceCheck {
  const per = round2(i.clothing + i.baggage + i.supplement);
  const total = round2(i.declared + i.passengers_count * per);
  const parts = [`${i.clothing} kg vêtements`, `${i.baggage} kg bagage à main`];
  if (i.supplement) parts.push(`${i.supplement} kg supplément`);
  return {
    clothing: i.clothing,
    baggage: i.baggage,
    supplement: i.supplement,
    per_passenger: per,
    passengers_count: i.passengers_count,
    declared: round2(i.declared),
    total,
    formula: `${kg(i.declared)} déclarés + ${i.passengers_count} × (${parts.join(' + ')}) = ${kg(total)}`,
  };
}

export type CrewCheck = { passengers_count: number; crew_on_board: number; is_ok: boolean };

/** The pilot is on board; the teammates marked on board are the other crew members (not the retrieve crew). */
export function crewCheck(passengersCount: number, teammatesOnBoard: number): CrewCheck {
  const crew = 1 + teammatesOnBoard;
  return {
    passengers_count: passengersCount,
    crew_on_board: crew,
    is_ok: passengersCount <= MAX_PASSENGERS_SINGLE_CREW || crew >= 2,
  };
}

export function crewItem(check: CrewCheck): ComplianceItem | null {
  if (check.is_ok) return null;
  return {
    code: 'crew_count',
    severity: 'error',
    message: `${check.passengers_count} passagers : au-delà de ${MAX_PASSENGERS_SINGLE_CREW}, un second membre d'équipage doit être à bord.`,
  };
}

/** The after-flight fields a record needs, with their French names (the 409 lists the missing ones). */
export const RECORD_REQUIRED_FIELDS = {
  pilot_id: 'pilote',
  balloon_id: 'ballon',
  location_id: 'lieu de décollage',
  takeoff_time: 'heure de décollage',
  landing_time: "heure d'atterrissage",
  landing_place: "lieu d'atterrissage",
  takeoff_temperature: 'température au décollage',
  flight_max_altitude: 'altitude maximale',
  fuel_loaded: 'carburant embarqué',
} as const;

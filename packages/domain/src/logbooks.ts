// The pilot's logbook and the balloon's technical log as the server answers them (GET /api/pilots/{id}/logbook,
// GET /api/balloons/{id}/technical-log): realized flights with their places, times and duration, and totals.

export type LogbookEntry = {
  flight_id: number;
  date: string;
  time: string;
  balloon_label: string | null;
  balloon_registration: string | null;
  pilot_name: string | null;
  crew: string[];
  flight_type: string | null;
  takeoff_place: string | null;
  takeoff_time: string | null;
  landing_place: string | null;
  landing_time: string | null;
  /** Minutes between takeoff and landing. */
  duration: number | null;
  passengers: number;
  remarks: string | null;
  incidents: string | null;
};

export type LogbookTotals = { flights: number; minutes: number; passengers: number };
export type PilotLogbook = {
  pilot: { id: number; full_name: string; licence_number: string | null };
  from: string | null;
  to: string | null;
  entries: LogbookEntry[];
  totals: LogbookTotals;
};

/** The kinds of a balloon's inspection, with their French names (the technical log, its CSV, the dialog). */
export const BALLOON_INSPECTION_KINDS = {
  annual: 'Visite annuelle (12 mois)',
  hours_100: 'Visite des 100 heures',
  other: 'Autre visite',
} as const;
export type BalloonInspectionKind = keyof typeof BALLOON_INSPECTION_KINDS;

/** One inspection of a balloon, as recorded (POST /api/balloons/{id}/inspections). */
export type BalloonInspection = {
  /** null: the balloon's own 'last inspection' fields, entered on the balloon without a recorded inspection. */
  id: number | null;
  inspected_on: string;
  kind: BalloonInspectionKind | null;
  hours: number | null;
  inspector: string | null;
  remarks: string | null;
};

export type TechnicalLogRow =
  | (LogbookEntry & { kind: 'flight'; hours_after: number })
  | {
      kind: 'inspection';
      date: string;
      hours: number | null;
      inspection_kind: BalloonInspectionKind | null;
      inspector: string | null;
      remarks: string | null;
    };
export type TechnicalLog = {
  balloon: { id: number; label: string; registration_number: string | null };
  hours_before: number;
  hours_flown: number;
  hours_total: number;
  last_inspection_on: string | null;
  hours_at_last_inspection: number | null;
  next_inspection_on: string | null;
  next_inspection_hours: number | null;
  rows: TechnicalLogRow[];
  totals: LogbookTotals;
};

import { type ComplianceItem, type FlightMasses, flightStatusById, type ListQuery } from '@app/domain';

// What the flight screens read (the tags they show are the shared components' FlightStatusTag, AvailabilityTag...).

type Labelled = { id: number; label: string };

export type Flight = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  is_public: number;
  takeoff_temperature: number | null;
  flight_max_altitude: number | null;
  flight_type_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  balloon_id: number | null;
  pilot_id: number | null;
  takeoff_time: string | null;
  landing_time: string | null;
  /** Issue 30: the fuel loaded (kg) and the logbook's after-flight fields. */
  fuel_loaded?: number | null;
  landing_place?: string | null;
  remarks?: string | null;
  incidents?: string | null;
  flight_status_id: number;
  passengers_count: number;
  total_weight: number;
  availability: number | null;
  location?: (Labelled & { takeoff_altitude: number | null; flight_max_altitude?: number | null }) | null;
  balloon?:
    | (Labelled & {
        passengers: number;
        market_mass: number | null;
        envelope_temperature: number | null;
        volume: number | null;
        takeoff_max_mass?: number | null;
      })
    | null;
  pilot?: { id: number; full_name: string } | null;
  prestation?: Labelled | null;
  flight_type?: Labelled | null;
  flight_status?: { id: number; slug: string; label: string } | null;
  teammates?: { id: number; full_name: string }[];
  pinned_note?: { id: number; content: string } | null;
  flight_masses?: FlightMasses | null;
  /** Issue 30 (`append=compliance`): the flight file's warnings on the flight's day. */
  compliance?: ComplianceItem[];
};

export type { FlightMasses };

/** The flight page's read (GET /api/flights/{id}?embed=...&count=passengers&append=flight_masses). */
export const FLIGHT_DETAIL_QUERY: ListQuery = {
  embed: ['location', 'balloon', 'pilot', 'teammates', 'flight_type', 'flight_status', 'prestation', 'pinned_note'],
  append: ['flight_masses', 'compliance'],
};

export const isFlightEditable = (flight: Pick<Flight, 'flight_status_id'>): boolean =>
  flightStatusById(flight.flight_status_id)?.isEditable ?? true;

/** A time as the API wants it (seconds appended). */
export const withSeconds = (time: string): string => (/^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time);

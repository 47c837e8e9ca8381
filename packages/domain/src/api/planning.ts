import type { ComplianceItem } from '../flight-file.js';

// The planning's contract: what the calendar reads for a week or a month, and a day's sidebar.

export const PLANNING_PATH = '/api/planning';
/** POST {from, to}: PlanningRange, at most 42 days. */
export const PLANNING_RANGE_PATH = `${PLANNING_PATH}/range`;
/** POST {day}: the day sidebar's flights and notes by time (PlanningDay). */
export const PLANNING_DAY_PATH = `${PLANNING_PATH}/day`;

export type CalendarFlight = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  flight_status_id: number;
  balloon: { id: number; label: string; passengers: number } | null;
  location: { id: number; label: string } | null;
  passengers_count: number;
  availability: number | null;
  is_public: number;
};
export type CalendarEvent = { id: number; scheduled_date: string; scheduled_time: string; title: string };
export type PlanningRange = {
  flights: CalendarFlight[];
  events: CalendarEvent[];
  /** Pending passengers asking for each day that has some, by YYYY-MM-DD. */
  pending_passengers: Record<string, number>;
};

/** A flight of the day sidebar with its lookups and registration totals. */
export type PlanningFlightItem = {
  kind: 'flight';
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  is_public: number;
  takeoff_temperature: number | null;
  flight_max_altitude: number | null;
  takeoff_time: string | null;
  landing_time: string | null;
  flight_type_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  balloon_id: number | null;
  pilot_id: number | null;
  flight_status_id: number;
  flight_status: { id: number; slug: string; label: string; color: string | null; icon: string; is_editable: number };
  flight_type: { id: number; label: string } | null;
  location: { id: number; label: string; takeoff_altitude: number | null } | null;
  prestation: { id: number; label: string } | null;
  balloon: {
    id: number;
    label: string;
    passengers: number;
    market_mass: number | null;
    envelope_temperature: number | null;
    volume: number | null;
  } | null;
  pilot: { id: number; full_name: string } | null;
  passengers_count: number;
  /** Sum of the registered passengers' weights (kg); passengers without a weight count for 0. */
  total_weight: number;
  /** balloon.passengers − passengers_count; null without a balloon. */
  availability: number | null;
  /** The flight file's warnings on the flight's day (pilot currency, inspection, fuel, crew). */
  compliance?: ComplianceItem[];
};

export type PlanningEventItem = {
  kind: 'event';
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  title: string;
  description: string | null;
};

export type PlanningItem = PlanningFlightItem | PlanningEventItem;
export type PlanningDay = { items: PlanningItem[]; pending_passengers: number };

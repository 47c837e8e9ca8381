import type { z } from 'zod';
import type { AllowanceCheck, CrewCheck, FuelCheck } from '../flight-file.js';
import { BOUNDS } from '../schemas/bounds.js';
import {
  date,
  flag,
  id,
  idList,
  optionalBounded,
  optionalId,
  optionalText,
  optionalTime,
  payload,
  time,
} from '../schemas/common.js';
import type { BookingSummary } from './bookings.js';
import type { PassengerSummary } from './passengers.js';

// The flights' contract.

export const FLIGHTS_PATH = '/api/flights';
export const flightPath = (id: number): string => `${FLIGHTS_PATH}/${id}`;
/** GET: the bookings that have passengers on the flight, with those passengers (FlightBooking[]). */
export const flightBookingsPath = (id: number): string => `${flightPath(id)}/bookings`;
/** GET: what the field recorded of the boarding (FieldBoarding). */
export const flightFieldBoardingPath = (id: number): string => `${flightPath(id)}/field-boarding`;

/** The operational flight plan's masses, appended to a flight with `append=flight_masses`. */
export type FlightMasses = {
  /** Pilot weight + bag weight (a missing bag weight counts 0); null without a pilot or a pilot weight. */
  pilot: number | null;
  /** Registered passengers' declared weights + passengers_count × the allowance (clothing + hand baggage + supplement). */
  passengers: number;
  passengers_weight: number;
  passengers_count: number;
  /** Registered passengers with no weight entered: `passengers` under-counts by their weight. */
  passengers_without_weight: number;
  /** Setting ofp_passenger_supplement, the operator's own extra kg per passenger beyond the allowance (0 by default). */
  passenger_supplement: number;
  /** The allowance of BOP.ADD.600 (settings ofp_allowance_clothing, ofp_allowance_baggage) with its formula. */
  allowance: AllowanceCheck;
  /** Fuel loaded against consumption × (planned flight time + reserve), with its formula. */
  fuel: FuelCheck | null;
  /** More than 19 passengers needs a second crew member on board. */
  crew: CrewCheck;
  /** Balloon empty_mass. */
  balloon: number | null;
  /** Balloon gas_mass (the fuel load on board). */
  gas: number | null;
  /** pilot + passengers + balloon + gas; null when one of them is unknown. */
  total: number | null;
  /** The maximum takeoff mass calculator: lift at the flight's maximum altitude. */
  max_takeoff_mass: number | null;
  outside_temperature: number | null;
  pressure: number | null;
  /** max_takeoff_mass − total: what can still be loaded (negative: overloaded). */
  margin: number | null;
  /** The balloon's certified maximum takeoff mass, shown beside the computed one. */
  balloon_takeoff_max_mass: number | null;
  /** flying_time + reserve (30 min, 15 with one cylinder, or the balloon's reserve_time when longer), minutes. */
  flight_duration: number | null;
  /** hourly_consumption × (flying_time + reserve) / 60, kg. */
  fuel_needed: number | null;
};

/** A booking with passengers on the flight, and only those passengers (GET /api/flights/{id}/bookings). */
export type FlightBooking = BookingSummary & {
  referent_passenger: PassengerSummary | null;
  passengers: (PassengerSummary & { registration_id: number })[];
};

/** The field's boarding record, for the office's flight page: each passenger's check-in and briefing, the takeoff place. */
export type FieldBoarding = {
  takeoff_place: string | null;
  passengers: { passenger_id: number; full_name: string; is_present: 0 | 1 | null; is_briefed: 0 | 1 }[];
};

/** GET: the flight's sealed records (FlightRecords); POST seals a new version. */
export const flightRecordsPath = (id: number): string => `${flightPath(id)}/records`;
/** POST {reason}: opens a correction of the sealed record. */
export const flightRecordCorrectionPath = (id: number): string => `${flightRecordsPath(id)}/correction`;
/** GET: one sealed version, exactly as sealed (PDF). */
export const flightRecordPdfPath = (id: number, recordId: number): string => `${flightRecordsPath(id)}/${recordId}.pdf`;
/** GET: who is on board (FlightCrew); PUT {on_board: ids} marks the teammates on board. */
export const flightCrewPath = (id: number): string => `${flightPath(id)}/crew`;
/** GET: the printable operational flight plan (PDF). */
export const flightOperationalPlanPdfPath = (id: number): string => `${flightPath(id)}/operational-flight-plan.pdf`;

/** One sealed version of a flight's record. */
export type FlightRecordSummary = {
  id: number;
  flight_id: number;
  version: number;
  previous_record_id: number | null;
  reason: string | null;
  sha256: string;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
};
/** GET /api/flights/{id}/records: sealed when a version exists and no correction is open. */
export type FlightRecords = { sealed: boolean; correction_reason: string | null; records: FlightRecordSummary[] };

/** GET /api/flights/{id}/crew: the flight's teammates, those on board marked, and the crew check they make. */
export type FlightCrew = {
  teammates: { id: number; full_name: string; on_board: 0 | 1 }[];
  crew: CrewCheck;
};

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// Flight (POST/PUT /api/flights). Date and time required; status defaults to 1 (planned);
// teammates is a list of ids written through flight_teammates.
const shape = {
  scheduled_date: date(),
  scheduled_time: time(),
  is_public: flag().optional(),
  takeoff_temperature: optionalBounded(BOUNDS.takeoffTemperature),
  flight_max_altitude: optionalBounded(BOUNDS.altitude),
  flight_type_id: optionalId(),
  location_id: optionalId(),
  prestation_id: optionalId(),
  balloon_id: optionalId(),
  pilot_id: optionalId(),
  takeoff_time: optionalTime(),
  landing_time: optionalTime(),
  flight_status_id: id().optional(),
  teammates: idList().optional(),
  // Issue 30: the fuel loaded (kg) and the logbook's after-flight fields.
  fuel_loaded: optionalBounded(BOUNDS.fuelLoaded),
  landing_place: optionalText(120),
  remarks: optionalText(2000, { isMultiline: true }),
  incidents: optionalText(2000, { isMultiline: true }),
};

export const flightCreateSchema = payload(shape);
export const flightUpdateSchema = payload(shape).partial();
export type FlightCreate = z.input<typeof flightCreateSchema>;
export type FlightUpdate = z.input<typeof flightUpdateSchema>;

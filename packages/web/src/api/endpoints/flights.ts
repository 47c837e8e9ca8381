import {
  type FlightCrew,
  type FlightRecords,
  flightCrewPath,
  flightRecordCorrectionPath,
  flightRecordsPath,
  PASSENGERS_FOR_FLIGHT_SEARCH_PATH,
  type PassengerSearchPayload,
  type PassengerSearchResult,
  type StatusRow,
} from '@app/domain';
import { api } from '../client';
import { apiRead, getRead, resource } from '../reads';

// The flight page's own reads and writes beside the generic ones (resource('flights')): its sealed record, its crew
// on board, the statuses and the passenger search of the add-passengers dialog.

export const flightReads = {
  statuses: resource<StatusRow>('flight-statutes').list(),
  records: (flightId: number) => getRead<FlightRecords>('flights', flightRecordsPath(flightId), ['records', flightId]),
  crew: (flightId: number) => getRead<FlightCrew>('flights', flightCrewPath(flightId), ['crew', flightId]),
  /** Bookings to register on the flight: keyed under the registrations, which adding passengers changes. */
  passengerSearch: (flightId: number, search: string) =>
    apiRead<PassengerSearchResult[]>('registrations', ['passenger-search', flightId, search], () =>
      api.post<PassengerSearchResult[]>(PASSENGERS_FOR_FLIGHT_SEARCH_PATH, {
        search,
        flight_id: flightId,
      } satisfies PassengerSearchPayload),
    ),
};

export const flightWrites = {
  /** Seals a new version of the flight's record (409 names what is missing). */
  sealRecord: (flightId: number) => api.post<{ version: number }>(flightRecordsPath(flightId)),
  openCorrection: (flightId: number, reason: string) => api.post(flightRecordCorrectionPath(flightId), { reason }),
  saveCrew: (flightId: number, onBoard: number[]) => api.put(flightCrewPath(flightId), { on_board: onBoard }),
};

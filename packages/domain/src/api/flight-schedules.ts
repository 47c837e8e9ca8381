// The flight slots' contract: the times of day a booking may ask for (morning, evening...).

export const FLIGHT_SCHEDULES_PATH = '/api/flight-schedules';

export type FlightSchedule = { id: number; label: string };

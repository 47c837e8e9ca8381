// The booking origins' contract.

export const BOOKING_ORIGINS_PATH = '/api/booking-origins';

// The validity extensions' contract: every extension of a voucher, manual or automatic (ValidityExtensionRow).

export const BOOKING_VALIDITY_EXTENSIONS_PATH = '/api/booking-validity-extensions';

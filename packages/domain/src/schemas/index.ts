// Payload schemas (create/update) per entity, shared by the server's generic writes and the web's forms.
export * from './balloons.js';
export * from './booking-links.js';
export * from './booking-notes.js';
export * from './bookings.js';
export * from './bounds.js';
export * as schemaFields from './common.js';
export {
  CONTROL_CHARACTER,
  isCalendarDate,
  isCleanText,
  REQUIRED,
  UNKNOWN_FIELD,
  withoutBidiControls,
} from './common.js';
export * from './customers.js';
export * from './email-templates.js';
export * from './events.js';
export * from './flight-notes.js';
export * from './flights.js';
export * from './locations.js';
export * from './lookups.js';
export * from './passengers.js';
export * from './people.js';
export * from './prestations.js';
export * from './registration-requests.js';
export * from './registrations.js';
export * from './requested-dates.js';

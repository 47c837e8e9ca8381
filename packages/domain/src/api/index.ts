// Each endpoint's contract, one module per entity named like its API path: its paths, its query constants,
// the answers the server gives. The server declares its services' return types from them and the web reads
// them, so a changed answer field is a compile error on both sides.

export * from './api-clients.js';
export * from './balloons.js';
export * from './booking-notes.js';
export * from './booking-origins.js';
export * from './bookings.js';
export * from './business-providers.js';
export * from './capabilities.js';
export * from './customers.js';
export * from './dashboard.js';
export * from './email-templates.js';
export * from './events.js';
export * from './field.js';
export * from './flight-notes.js';
export * from './flight-postponements.js';
export * from './flight-types.js';
export * from './flights.js';
export * from './history.js';
export * from './locations.js';
export * from './mail.js';
export * from './outbox.js';
export * from './passenger-types.js';
export * from './passengers.js';
export * from './payment-methods.js';
export * from './pilots.js';
export * from './planning.js';
export * from './prestations.js';
export * from './public.js';
export * from './registration-requests.js';
export * from './registrations.js';
export * from './remote-orders.js';
export * from './reports.js';
export * from './requested-dates.js';
export * from './roles.js';
export * from './session.js';
export * from './settings.js';
export * from './space.js';
export * from './teammates.js';
export * from './ticket-templates.js';
export * from './users.js';
export * from './woocommerce.js';

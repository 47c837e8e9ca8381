// What other features embed of the planning: a day's flight card (the planning settings' preview) and the pending
// bookings of a day (the dashboard, loaded when opened).

export { type DayFlight, FlightCard, PendingBookingsDialog } from './DaySidebar';

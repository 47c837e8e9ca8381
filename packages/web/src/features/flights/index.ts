// What other features embed of the flights: the flight file's warnings (dashboard, day sidebar) and the dialogs
// the planning opens on a day (new flight, duplicate, note).

export { DuplicateFlightDialog } from './dialogs/DuplicateFlightDialog';
export { EventDialog, type PlanningEvent } from './dialogs/EventDialog';
export { NewFlightDialog } from './dialogs/NewFlightDialog';
export { ComplianceLines } from './FlightFile';
export { isFlightEditable } from './flight-model';

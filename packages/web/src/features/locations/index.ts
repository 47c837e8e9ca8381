// What other features read of the flight locations: the location's type (the takeoff mass calculator's altitudes).

export type { Location } from './locations.config';

import { resource } from '../../api/reads';
import { FLIGHT_DETAIL_QUERY, type Flight } from './flight-model';

// The flight page's read (its summary and operating plan both show it), apart from its page so that the route can
// start it as soon as the session is known, while the page's code is still on its way (as the dashboard's).

export const flightPageRead = (flightId: number) => resource('flights').one<Flight>(flightId, FLIGHT_DETAIL_QUERY);

// What other features embed of the registration requests: the card of a booking's or a flight's requests.

export { RegistrationRequestsCard } from './RegistrationRequestsCard';

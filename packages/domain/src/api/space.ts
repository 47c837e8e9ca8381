// The passenger's space contract: its link's token is the key (no session).

export const SPACE_PATH = '/api/space';
/** GET: the BookingSpace of the link. */
export const spacePath = (token: string): string => `${SPACE_PATH}/${encodeURIComponent(token)}`;
export const spacePassengersPath = (token: string): string => `${spacePath(token)}/passengers`;
export const spacePassengerPath = (token: string, id: number): string => `${spacePassengersPath(token)}/${id}`;
export const spaceRequestedDatesPath = (token: string): string => `${spacePath(token)}/requested-dates`;
export const spaceRequestedDatePath = (token: string, id: number): string => `${spaceRequestedDatesPath(token)}/${id}`;
export const spaceRegistrationRequestsPath = (token: string): string => `${spacePath(token)}/registration-requests`;

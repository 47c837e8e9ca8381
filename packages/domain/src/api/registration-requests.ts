// The registration requests' contract.

export const REGISTRATION_REQUESTS_PATH = '/api/registration-requests';
export const registrationRequestAcceptPath = (id: number): string => `${REGISTRATION_REQUESTS_PATH}/${id}/accept`;
export const registrationRequestRefusePath = (id: number): string => `${REGISTRATION_REQUESTS_PATH}/${id}/refuse`;

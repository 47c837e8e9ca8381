import {
  type BookingSpace,
  type SpacePassenger,
  spacePassengerPath,
  spacePassengersPath,
  spacePath,
  spaceRegistrationRequestsPath,
  spaceRequestedDatePath,
  spaceRequestedDatesPath,
} from '@app/domain';
import { publicApi } from '../client';
import { apiRead } from '../reads';

// The passenger's space: its link's token is the key (no session, no anti-forgery token).

export const spaceRead = (token: string) =>
  apiRead<BookingSpace>('space', [token], (signal) => publicApi.get<BookingSpace>(spacePath(token), signal));

export const spaceWrites = {
  addPassenger: (token: string, body: unknown) => publicApi.post<SpacePassenger>(spacePassengersPath(token), body),
  updatePassenger: (token: string, id: number, body: unknown) =>
    publicApi.put<SpacePassenger>(spacePassengerPath(token, id), body),
  addRequestedDate: (token: string, date: string) => publicApi.post(spaceRequestedDatesPath(token), { date }),
  removeRequestedDate: (token: string, id: number) => publicApi.remove(spaceRequestedDatePath(token, id)),
  askRegistration: (token: string, flightId: number) =>
    publicApi.post(spaceRegistrationRequestsPath(token), { flight_id: flightId }),
};

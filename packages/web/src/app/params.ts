// Route parameters bookingId, flightId, balloonId, ticketTemplateId accept digits only; any other value
// shows the not-found page (checked by the authenticated area's guard for every navigation).

export const DIGITS_ONLY_PARAMS = ['bookingId', 'flightId', 'balloonId', 'ticketTemplateId'] as const;

export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);

export function hasValidRouteParams(params: Readonly<Record<string, string | undefined>>): boolean {
  return DIGITS_ONLY_PARAMS.every((name) => {
    const value = params[name];
    return value === undefined || isDigitsOnly(value);
  });
}

// The public routes' contract (the planning widget, no session).

export const PUBLIC_PLANNING_PATH = '/api/public/planning';
/** POST: a visitor's registration request from the widget. */
export const PUBLIC_REGISTRATION_REQUESTS_PATH = '/api/public/registration-requests';

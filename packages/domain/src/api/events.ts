// The planning notes' (events) contract.

export const EVENTS_PATH = '/api/events';

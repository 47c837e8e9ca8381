// The capabilities' contract: GET answers every capability (Capability[]).

export const CAPABILITIES_PATH = '/api/capabilities';

// The capabilities' contract: GET answers every capability (Capability[]).

export const CAPABILITIES_PATH = '/api/capabilities';

/** A capability as GET /api/capabilities and GET /api/roles/{id}/capabilities list it. */
export type CapabilityRow = { id: number; slug: string; label: string };

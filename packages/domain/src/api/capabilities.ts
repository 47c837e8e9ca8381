import { z } from 'zod';
import { payload, REQUIRED } from '../schemas/common.js';

// The capabilities' contract: GET answers every capability (Capability[]).

export const CAPABILITIES_PATH = '/api/capabilities';

/** A capability as GET /api/capabilities and GET /api/roles/{id}/capabilities list it. */
export type CapabilityRow = { id: number; slug: string; label: string };

// What it accepts.

/** PUT /api/roles/{id}/capabilities: the slugs the role carries from now on (duplicates are ignored). */
export const roleCapabilitiesSchema = payload({
  capabilities: z.array(z.string({ error: REQUIRED }), { error: REQUIRED }).max(100),
});

import type { AppContext } from '../http/context.js';

/**
 * `append=flight_masses` on flights (ARCHITECTURE §5): sets row.flight_masses on each given flight row.
 * Called by the engine with the rows it is about to answer; must batch (one query per concern, no N+1).
 */
export async function appendFlightMasses(_ctx: AppContext, _rows: Record<string, unknown>[]): Promise<void> {}

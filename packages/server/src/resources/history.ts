import type { Resource } from '../engine/types.js';
import { isOpenHistoryEntry, isSu } from './administration.js';
import { f } from './fields.js';

// The write history (engine/history.ts, migration 0020): the whole log for administrators through the generic list
// (filters on who, resource, record, date range; pages), read-only. The booking and flight pages read their own
// part through routes/history.ts. No apiClient declaration: an API key never reads it, even embedded.
export const history: Resource = {
  name: 'history',
  table: 'history_entries',
  fields: {
    id: f.id({ filterable: true, sortable: true }),
    created_at: f.timestamp({ filterable: true, sortable: true }),
    user_id: f.integer({ filterable: true }),
    api_client_id: f.integer({ filterable: true }),
    actor: f.string({ filterable: true }),
    resource: f.string({ filterable: true, notNull: true }),
    record_id: f.integer({ filterable: true, notNull: true }),
    action: f.string({ filterable: true, notNull: true }),
    /** JSON `{field: [old, new]}`. */
    changes: f.text(),
    booking_id: f.integer({ filterable: true }),
    flight_id: f.integer({ filterable: true }),
  },
  search: ['actor'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  // Administrators: the settings capability (admin and su by default), as the other administration pages. What
  // only su may read in the settings, only su reads in their history (issue 26): the JSON list and its CSV alike.
  scope: (ctx) => (isSu(ctx) ? null : isOpenHistoryEntry),
  routes: { list: { capability: 'manage_settings' } },
};

import { historyDetails, historyRecordTitle } from '@app/domain';
import { sql } from 'kysely';
import { isSu } from '../core/context.js';
import { nameHistoryRows } from '../engine/history-labels.js';
import type { Field, Resource } from '../engine/types.js';
import { f } from './fields.js';
import { isOpenHistoryEntry } from './settings.js';

// The write history (engine/history.ts, migration 0020): the whole log for administrators through the generic list
// (filters on who, resource, record, date range; pages), read-only. The booking and flight pages read their own
// part through routes/history.ts. No apiClient declaration: an API key never reads it, even embedded.
// Records are named as staff know them (issue 27, engine/history-labels.ts), in the JSON and the CSV alike.

/** Text made after the read (afterRead below): no column, neither filtered nor sorted. */
const written = (): Field => ({ type: 'string', sql: () => sql`null`, filterable: false, sortable: false });
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
    /** The record's name today, else as written then, else 'n° 12 (supprimé)'; null: named by its number. */
    record_label: f.string({ filterable: false, sortable: false }),
    /** JSON `{field: [old, new]}`: the names of the records each changed reference pointed to. */
    labels: f.text({ filterable: false }),
    /** 'Réservation 2026-00263' and 'Lieu : Chambley → Metz ; ...': what the screen shows, for the CSV export. */
    element: written(),
    details: written(),
  },
  search: ['actor'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  // Administrators: the settings capability (admin and su by default), as the other administration pages. What
  // only su may read in the settings, only su reads in their history (issue 26): the JSON list and its CSV alike.
  scope: (ctx) => (isSu(ctx.auth) ? null : isOpenHistoryEntry),
  routes: { list: { capability: 'manage_settings' } },
  afterRead: async (ctx, rows) => {
    await nameHistoryRows(ctx.db, rows);
    for (const row of rows) {
      const entry = row as Parameters<typeof historyDetails>[0] & Parameters<typeof historyRecordTitle>[0];
      row.element = historyRecordTitle(entry);
      row.details = historyDetails(entry);
    }
  },
};

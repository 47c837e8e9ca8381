import {
  BOOKING_STATUSES,
  CAPABILITIES,
  CUSTOMER_TYPES,
  DEFAULT_ROLE_CAPABILITIES,
  FLIGHT_SCHEDULES,
  FLIGHT_STATUSES,
  ROLES,
  SETTING_DEFAULTS,
  type StatusDefinition,
} from '@app/domain';
import { type Kysely, sql } from 'kysely';
import { EMAIL_TEMPLATES } from '../../services/email-templates.js';
import type { Dialect } from '../database.js';
import type { DB } from '../schema.js';

// Reference rows with the ids the spec fixes (statuses, customer types). Inserted with explicit ids, so
// PostgreSQL's sequences are moved past them afterwards.
export async function up(raw: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const db = raw as Kysely<DB>;
  await db
    .insertInto('roles')
    .values(Object.values(ROLES).map((r) => ({ ...r })))
    .execute();
  const caps = Object.entries(CAPABILITIES).map(([slug, label], i) => ({ id: i + 1, slug, label }));
  await db.insertInto('capabilities').values(caps).execute();
  const links = Object.entries(DEFAULT_ROLE_CAPABILITIES).flatMap(([role, list]) =>
    list.map((slug) => ({
      role_id: ROLES[role as keyof typeof ROLES].id,
      capability_id: caps.find((c) => c.slug === slug)!.id,
    })),
  );
  if (links.length) await db.insertInto('role_capabilities').values(links).execute();
  await db
    .insertInto('customer_types')
    .values(Object.values(CUSTOMER_TYPES).map((c) => ({ ...c })))
    .execute();
  const status = (s: StatusDefinition, position: number) => ({
    id: s.id,
    slug: s.slug,
    label: s.label,
    label_plural: s.labelPlural,
    color: s.color,
    icon: s.icon,
    is_editable: s.isEditable ? 1 : 0,
    position,
  });
  await db.insertInto('booking_statuses').values(Object.values(BOOKING_STATUSES).map(status)).execute();
  await db.insertInto('flight_statuses').values(Object.values(FLIGHT_STATUSES).map(status)).execute();
  await db
    .insertInto('flight_schedules')
    .values(FLIGHT_SCHEDULES.map((s) => ({ ...s })))
    .execute();
  await db
    .insertInto('settings')
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .execute();
  await db
    .insertInto('email_templates')
    .values(EMAIL_TEMPLATES.map((t) => ({ ...t, variables: JSON.stringify(t.variables) })))
    .execute();
  await db.insertInto('system_state').values({ key: 'maintenance', value: '0' }).execute();

  if (dialect === 'postgres') {
    for (const table of [
      'roles',
      'capabilities',
      'customer_types',
      'booking_statuses',
      'flight_statuses',
      'flight_schedules',
    ]) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
}

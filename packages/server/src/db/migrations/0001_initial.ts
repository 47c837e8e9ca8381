import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// The whole data model of the product (plus sessions, tokens, outbox...). Keep in sync with ../schema.ts.
// One migration for both engines: the few differences (id columns, date/time/timestamp types) go through `t`.

type AnyTable = CreateTableBuilder<string, string>;
type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export function types(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    date: pg ? 'date' : 'text',
    time: pg ? 'time' : 'text',
    stamp: pg ? 'timestamptz' : 'text',
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  } as const;
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const table = (name: string) => {
    const b = db.schema.createTable(name);
    return (
      dialect === 'postgres'
        ? b.addColumn('id', 'serial', (c) => c.primaryKey())
        : b.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    ) as AnyTable;
  };
  const nn: Col = (c) => c.notNull();
  const flag =
    (def: 0 | 1): Col =>
    (c) =>
      c.notNull().defaultTo(def);
  const fk =
    (target: string, onDelete: 'restrict' | 'cascade' | 'set null' = 'restrict', required = false): Col =>
    (c) => {
      const r = c.references(`${target}.id`).onDelete(onDelete);
      return required ? r.notNull() : r;
    };
  const stamps = (b: AnyTable) =>
    b
      .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
      .addColumn('updated_at', t.stamp, (c) => c.notNull().defaultTo(t.now));
  const label = (name: string, withDefault = false) => {
    let b = table(name).addColumn('label', 'varchar(255)', nn);
    if (withDefault) b = b.addColumn('is_default', 'integer', flag(0));
    return b.execute();
  };
  const index = (name: string, tbl: string, cols: string[], unique = false) => {
    const b = db.schema.createIndex(name).on(tbl).columns(cols);
    return (unique ? b.unique() : b).execute();
  };

  // Access control
  await table('roles')
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(255)', nn)
    .execute();
  await table('capabilities')
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(255)', nn)
    .execute();
  await db.schema
    .createTable('role_capabilities')
    .addColumn('role_id', 'integer', fk('roles', 'cascade', true))
    .addColumn('capability_id', 'integer', fk('capabilities', 'cascade', true))
    .addPrimaryKeyConstraint('role_capabilities_pk', ['role_id', 'capability_id'])
    .execute();
  await stamps(
    table('users')
      .addColumn('first_name', 'varchar(255)', nn)
      .addColumn('last_name', 'varchar(255)', nn)
      .addColumn('email', 'varchar(255)', nn)
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('role_id', 'integer', fk('roles', 'restrict', true)),
  ).execute();
  // Emails are unique case-insensitively: the app stores them lower-cased, the index guards it.
  await index('users_email_unique', 'users', ['email'], true);
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', fk('users', 'cascade', true))
    .addColumn('csrf_token', 'varchar(64)', nn)
    .addColumn('created_at', t.stamp, nn)
    .addColumn('expires_at', t.stamp, nn)
    .addColumn('last_seen_at', t.stamp, nn)
    .execute();
  await index('sessions_user_id', 'sessions', ['user_id']);
  await table('user_tokens')
    .addColumn('user_id', 'integer', fk('users', 'cascade', true))
    .addColumn('kind', 'varchar(20)', nn)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', t.stamp, nn)
    .addColumn('used_at', t.stamp)
    .addColumn('created_at', t.stamp, nn)
    .execute();
  await table('login_attempts').addColumn('key', 'varchar(255)', nn).addColumn('attempted_at', t.stamp, nn).execute();
  await index('login_attempts_key', 'login_attempts', ['key', 'attempted_at']);
  await table('api_clients')
    .addColumn('name', 'varchar(255)', nn)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('last_used_at', t.stamp)
    .execute();
  await db.schema
    .createTable('system_state')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', nn)
    .execute();
  await table('outbox_mails')
    .addColumn('recipient', 'varchar(255)', nn)
    .addColumn('subject', 'varchar(500)', nn)
    .addColumn('html', 'text', nn)
    .addColumn('text', 'text', nn)
    .addColumn('created_at', t.stamp, nn)
    .addColumn('sent_at', t.stamp)
    .addColumn('error', 'text')
    .execute();
  await table('settings')
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('value', 'text')
    .execute();

  // Lookups
  await table('customer_types')
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(255)', nn)
    .execute();
  for (const name of ['booking_statuses', 'flight_statuses']) {
    await table(name)
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('label', 'varchar(255)', nn)
      .addColumn('label_plural', 'varchar(255)', nn)
      .addColumn('color', 'varchar(20)')
      .addColumn('icon', 'varchar(50)', nn)
      .addColumn('is_editable', 'integer', flag(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await table('flight_schedules')
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const name of ['booking_origins', 'business_providers', 'payment_methods', 'passenger_types']) await label(name);
  await label('flight_types', true);

  // Reference data
  await stamps(
    table('customers')
      .addColumn('customer_type_id', 'integer', fk('customer_types', 'restrict', true))
      .addColumn('first_name', 'varchar(255)')
      .addColumn('last_name', 'varchar(255)')
      .addColumn('company_name', 'varchar(255)')
      .addColumn('email', 'varchar(255)')
      .addColumn('phone', 'varchar(50)')
      .addColumn('siret_number', 'varchar(50)')
      .addColumn('vat_number', 'varchar(50)')
      .addColumn('address', 'varchar(500)')
      .addColumn('additional_address', 'varchar(500)')
      .addColumn('zip_code', 'varchar(20)')
      .addColumn('town', 'varchar(255)')
      .addColumn('country', 'varchar(255)'),
  ).execute();
  await index('customers_last_name', 'customers', ['last_name']);
  await table('locations')
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('is_restrictive', 'integer', flag(1))
    .addColumn('takeoff_altitude', 'double precision')
    .addColumn('flight_max_altitude', 'double precision')
    .addColumn('risk_factors', 'text')
    .execute();
  await table('ticket_templates')
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('template_base', 'varchar(100)', nn)
    .execute();
  await table('prestations')
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('ticket_template_id', 'integer', fk('ticket_templates', 'set null'))
    .execute();
  await table('balloons')
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('passengers', 'integer', nn)
    .addColumn('takeoff_max_mass', 'double precision', nn)
    .addColumn('landing_min_mass', 'double precision')
    .addColumn('empty_mass', 'double precision')
    .addColumn('market_mass', 'double precision')
    .addColumn('registration_number', 'varchar(50)')
    .addColumn('type', 'varchar(100)')
    .addColumn('volume', 'double precision')
    .addColumn('gas_mass', 'double precision')
    .addColumn('envelope_temperature', 'double precision')
    .addColumn('hourly_consumption', 'double precision')
    .addColumn('autonomy_time', 'double precision')
    .addColumn('flying_time', 'double precision')
    .addColumn('reserve_time', 'double precision')
    .execute();
  await table('pilots')
    .addColumn('first_name', 'varchar(255)', nn)
    .addColumn('last_name', 'varchar(255)', nn)
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('weight', 'double precision')
    .addColumn('bag_weight', 'double precision')
    .execute();
  await table('teammates')
    .addColumn('first_name', 'varchar(255)', nn)
    .addColumn('last_name', 'varchar(255)', nn)
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(50)')
    .execute();
  await index('teammates_name', 'teammates', ['last_name', 'first_name']);

  // Bookings
  await stamps(
    table('bookings')
      .addColumn('number', 'varchar(50)', nn)
      .addColumn('number_alt', 'varchar(50)')
      .addColumn('booked_at', t.date)
      .addColumn('passengers_number', 'integer', nn)
      .addColumn('booking_status_id', 'integer', fk('booking_statuses', 'restrict', true))
      .addColumn('customer_id', 'integer', fk('customers', 'set null'))
      .addColumn('has_pre_flight_infos', 'integer', flag(0))
      .addColumn('location_id', 'integer', fk('locations'))
      .addColumn('prestation_id', 'integer', fk('prestations'))
      .addColumn('booking_origin_id', 'integer', fk('booking_origins'))
      .addColumn('business_provider_id', 'integer', fk('business_providers'))
      .addColumn('paid_amount', 'numeric(10, 2)')
      .addColumn('total_amount', 'numeric(10, 2)')
      .addColumn('remaining_amount', 'numeric(10, 2)')
      .addColumn('refundable', 'integer', flag(0))
      .addColumn('payment_method_id', 'integer', fk('payment_methods'))
      .addColumn('woocommerce_order_id', 'varchar(50)'),
  ).execute();
  await index('bookings_number_unique', 'bookings', ['number'], true);
  await index('bookings_number_alt_unique', 'bookings', ['number_alt'], true);
  await index('bookings_woocommerce_order_id_unique', 'bookings', ['woocommerce_order_id'], true);
  await index('bookings_status_id', 'bookings', ['booking_status_id', 'id']);
  await index('bookings_status_booked_at', 'bookings', ['booking_status_id', 'booked_at']);
  for (const col of [
    'customer_id',
    'location_id',
    'prestation_id',
    'booking_origin_id',
    'business_provider_id',
    'payment_method_id',
  ]) {
    await index(`bookings_${col}`, 'bookings', [col]);
  }
  await db.schema
    .createTable('booking_flight_schedules')
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('flight_schedule_id', 'integer', fk('flight_schedules', 'cascade', true))
    .addPrimaryKeyConstraint('booking_flight_schedules_pk', ['booking_id', 'flight_schedule_id'])
    .execute();
  await table('booking_links')
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('linked_booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await index('booking_links_pair_unique', 'booking_links', ['booking_id', 'linked_booking_id'], true);
  await index('booking_links_linked', 'booking_links', ['linked_booking_id']);
  await table('requested_dates')
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('date', t.date, nn)
    .execute();
  await index('requested_dates_booking_date_unique', 'requested_dates', ['booking_id', 'date'], true);
  await index('requested_dates_date', 'requested_dates', ['date', 'booking_id']);
  await stamps(
    table('booking_notes')
      .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
      .addColumn('content', 'text', nn)
      .addColumn('user_id', 'integer', fk('users', 'set null')),
  ).execute();
  await index('booking_notes_booking', 'booking_notes', ['booking_id', 'created_at']);
  await stamps(
    table('passengers')
      .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
      .addColumn('ticket_number', 'varchar(50)')
      .addColumn('first_name', 'varchar(255)')
      .addColumn('last_name', 'varchar(255)')
      .addColumn('is_referent', 'integer', flag(0))
      .addColumn('email', 'varchar(255)')
      .addColumn('phone', 'varchar(50)')
      .addColumn('department', 'varchar(10)')
      .addColumn('age', 'integer')
      .addColumn('weight', 'double precision')
      .addColumn('passenger_type_id', 'integer', fk('passenger_types')),
  ).execute();
  await index('passengers_ticket_number_unique', 'passengers', ['ticket_number'], true);
  await index('passengers_booking', 'passengers', ['booking_id', 'is_referent']);
  await index('passengers_last_name', 'passengers', ['last_name']);
  await index('passengers_phone', 'passengers', ['phone']);
  await index('passengers_passenger_type', 'passengers', ['passenger_type_id']);

  // Flights
  await stamps(
    table('flights')
      .addColumn('scheduled_date', t.date, nn)
      .addColumn('scheduled_time', t.time, nn)
      .addColumn('is_public', 'integer', flag(0))
      .addColumn('takeoff_temperature', 'double precision')
      .addColumn('flight_max_altitude', 'double precision')
      .addColumn('flight_type_id', 'integer', fk('flight_types'))
      .addColumn('location_id', 'integer', fk('locations'))
      .addColumn('prestation_id', 'integer', fk('prestations'))
      .addColumn('balloon_id', 'integer', fk('balloons'))
      .addColumn('pilot_id', 'integer', fk('pilots'))
      .addColumn('takeoff_time', t.time)
      .addColumn('landing_time', t.time)
      .addColumn('flight_status_id', 'integer', fk('flight_statuses', 'restrict', true)),
  ).execute();
  await index('flights_schedule', 'flights', ['scheduled_date', 'scheduled_time']);
  await index('flights_status_date', 'flights', ['flight_status_id', 'scheduled_date']);
  for (const col of ['flight_type_id', 'location_id', 'prestation_id', 'balloon_id', 'pilot_id']) {
    await index(`flights_${col}`, 'flights', [col]);
  }
  await db.schema
    .createTable('flight_teammates')
    .addColumn('flight_id', 'integer', fk('flights', 'cascade', true))
    .addColumn('teammate_id', 'integer', fk('teammates', 'restrict', true))
    .addPrimaryKeyConstraint('flight_teammates_pk', ['flight_id', 'teammate_id'])
    .execute();
  await index('flight_teammates_teammate', 'flight_teammates', ['teammate_id']);
  await table('registrations')
    .addColumn('flight_id', 'integer', fk('flights', 'cascade', true))
    .addColumn('passenger_id', 'integer', fk('passengers', 'cascade', true))
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await index('registrations_pair_unique', 'registrations', ['flight_id', 'passenger_id'], true);
  await index('registrations_passenger', 'registrations', ['passenger_id', 'flight_id']);
  await table('registration_requests')
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('flight_id', 'integer', fk('flights', 'cascade', true))
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await index('registration_requests_booking', 'registration_requests', ['booking_id', 'created_at']);
  await index('registration_requests_flight', 'registration_requests', ['flight_id', 'created_at']);
  await stamps(
    table('flight_notes')
      .addColumn('flight_id', 'integer', fk('flights', 'cascade', true))
      .addColumn('content', 'text', nn)
      .addColumn('is_pinned', 'integer', flag(0))
      .addColumn('user_id', 'integer', fk('users', 'set null')),
  ).execute();
  await index('flight_notes_flight', 'flight_notes', ['flight_id', 'created_at']);
  await table('events')
    .addColumn('scheduled_date', t.date, nn)
    .addColumn('scheduled_time', t.time, nn)
    .addColumn('title', 'varchar(255)', nn)
    .addColumn('description', 'text')
    .execute();
  await index('events_schedule', 'events', ['scheduled_date', 'scheduled_time']);

  // Mail, imports, shop sync
  await table('email_templates')
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(255)', nn)
    .addColumn('subject', 'varchar(500)', nn)
    .addColumn('body', 'text', nn)
    .addColumn('variables', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await table('email_logs')
    .addColumn('email_template_id', 'integer', fk('email_templates', 'set null'))
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade'))
    .addColumn('flight_id', 'integer', fk('flights', 'cascade'))
    .addColumn('recipient', 'varchar(255)', nn)
    .addColumn('subject', 'varchar(500)', nn)
    .addColumn('user_id', 'integer', fk('users', 'set null'))
    .addColumn('sent_at', t.stamp, nn)
    .execute();
  await index('email_logs_booking', 'email_logs', ['booking_id']);
  await index('email_logs_flight', 'email_logs', ['flight_id']);
  await table('remote_orders')
    .addColumn('file', 'varchar(255)', nn)
    .addColumn('order_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('booking_id', 'integer', fk('bookings', 'set null'))
    .addColumn('imported_at', t.stamp, nn)
    .execute();
  await table('woocommerce_sync_notifications')
    .addColumn('booking_id', 'integer', fk('bookings', 'cascade', true))
    .addColumn('status', 'varchar(50)', nn)
    .addColumn('message', 'text')
    .addColumn('is_success', 'integer', flag(1))
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await index('woocommerce_sync_notifications_booking', 'woocommerce_sync_notifications', ['booking_id', 'created_at']);
}

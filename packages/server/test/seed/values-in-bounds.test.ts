import {
  balloonUpdateSchema,
  bookingUpdateSchema,
  flightUpdateSchema,
  locationUpdateSchema,
  passengerUpdateSchema,
  pilotUpdateSchema,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { generateDataset } from '../../../../bench/src/generate.js';
import type { DB } from '../../src/db/schema.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestDatabase, engine, type TestDatabase } from '../helpers.js';

// Issue 26: the demo season and the bench dataset are written straight into the tables, past the payload
// schemas; their numbers must still be ones the API accepts (domain BOUNDS), or the demo would show records nobody
// could save again.

const NUMBERS: [keyof DB, z.ZodType, string[]][] = [
  [
    'balloons',
    balloonUpdateSchema,
    [
      'passengers',
      'takeoff_max_mass',
      'landing_min_mass',
      'empty_mass',
      'market_mass',
      'volume',
      'gas_mass',
      'envelope_temperature',
      'hourly_consumption',
      'autonomy_time',
      'flying_time',
      'reserve_time',
    ],
  ],
  ['pilots', pilotUpdateSchema, ['weight', 'bag_weight']],
  ['locations', locationUpdateSchema, ['takeoff_altitude', 'flight_max_altitude']],
  ['flights', flightUpdateSchema, ['takeoff_temperature', 'flight_max_altitude']],
  ['passengers', passengerUpdateSchema, ['age', 'weight']],
  ['bookings', bookingUpdateSchema, ['passengers_number', 'paid_amount', 'total_amount', 'remaining_amount']],
];

/** 'table.field = value: message' for every stored number the payload schema refuses. */
async function outOfBounds(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, schema, fields] of NUMBERS) {
    // biome-ignore lint/suspicious/noExplicitAny: one read for every table
    const rows = (await (db as Kysely<any>)
      .selectFrom(table)
      .select(['id', ...fields])
      .execute()) as Record<string, unknown>[];
    expect(rows.length, table).toBeGreaterThan(0);
    for (const row of rows) {
      for (const field of fields) {
        // PostgreSQL answers numeric(10, 2) amounts as text.
        const value = row[field] === null ? null : Number(row[field]);
        const result = schema.safeParse({ [field]: value });
        if (!result.success) problems.push(`${table}.${field} = ${value}: ${result.error.issues[0]?.message}`);
      }
    }
  }
  return problems;
}

describe(`demo and bench values within the API's bounds on ${engine}`, () => {
  let demo: TestDatabase;
  let bench: TestDatabase | undefined;
  beforeAll(async () => {
    demo = await createTestDatabase();
    await seedDemo(demo.db, { today: '2026-06-14' });
    // The generator's values do not depend on the engine, and on PostgreSQL it ends with a VACUUM ANALYZE of the
    // whole (shared) test database: SQLite only.
    if (engine === 'sqlite') {
      bench = await createTestDatabase();
      await generateDataset(bench, { scale: 0.002 });
    }
  });
  afterAll(async () => {
    await demo.destroy();
    await bench?.destroy();
  });

  it('the demo season', async () => {
    expect(await outOfBounds(demo.db)).toEqual([]);
  });

  it.skipIf(engine !== 'sqlite')('the bench dataset', async () => {
    expect(await outOfBounds(bench!.db)).toEqual([]);
  });
});

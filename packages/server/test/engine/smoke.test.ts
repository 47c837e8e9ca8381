import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getResource, listResource } from '../../src/engine/index.js';
import type { EngineContext } from '../../src/engine/types.js';
import { newBalloon, newBooking, newFlight, newPassenger, register } from '../builders.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';

describe(`engine smoke on ${engine}`, () => {
  let t: TestApp;
  let ctx: EngineContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = t.app.ctx;
  });
  afterAll(() => t.close());

  it('lists bookings with embeds, counts and search', async () => {
    const db = t.database.db;
    const b = await newBooking(db, { number: '2026-00001' });
    await newPassenger(db, b, { last_name: 'Éléonore', is_referent: 1 });
    await newPassenger(db, b, { last_name: 'Martin' });
    const page = await listResource(ctx, 'bookings', {
      filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }],
      embed: ['referent_passenger', 'location', 'passengers'],
      count: ['passengers'],
      page: 1,
    });
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({ id: b, passengers_count: 2, total_weight: 160, has_total_weight: 1 });
    const found = await listResource(ctx, 'bookings', { search: 'eleonore' });
    expect(found).toHaveLength(1);
    const hash = await listResource(ctx, 'bookings', { search: '#2026-000' });
    expect(hash).toHaveLength(1);
    const balloon = await newBalloon(db, { passengers: 4 });
    const flight = await newFlight(db, { balloon_id: balloon });
    const p = await newPassenger(db, b, { last_name: 'Zed' });
    await register(db, flight, p);
    const detail = await getResource(ctx, 'flights', flight, {
      embed: ['balloon', 'passengers', 'teammates'],
      count: ['passengers'],
    });
    expect(detail).toMatchObject({ passengers_count: 1, availability: 3 });
    console.log(JSON.stringify(page.data[0]), JSON.stringify(detail));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheState, clearCaches, registeredCaches } from '../src/core/caches.js';
import { today as operatorToday } from '../src/core/clock.js';
import { newFlight, newLocation } from './builders.js';
import { createTestApp, engine, type TestApp } from './helpers.js';

// What the server keeps between requests is declared in one place (core/caches.ts): each cache says what it keeps,
// its key, what invalidates it and its bound, keeps its state per database or per app, and is cleared through it.

const DAY_MS = 86_400_000;
const inDays = (days: number) =>
  new Date(Date.parse(`${operatorToday()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('the caches behind one interface', () => {
  it('declares every cache of the read path, each with what it keeps, its key, what drops it and its bound', async () => {
    await import('../src/app.js');
    const caches = registeredCaches();
    const names = caches.map((cache) => cache.name);
    for (const module of [
      'http/kept-reads.ts',
      'engine/count-cache.ts (totals)',
      'engine/count-cache.ts (tableVersions)',
      'engine/count-cache.ts (trackedTables)',
      'engine/term-cache.ts',
      'engine/compiled.ts (runShaped)',
      'services/precompiled.ts (precompiled)',
      'services/dashboard.ts (dashboard)',
      'services/planning-range.ts (planningRange)',
      'services/planning-range.ts (pendingPassengers)',
      'services/dashboard.ts (weekFlights)',
      'services/dashboard.ts (flightMonths)',
      'services/vouchers-report.ts (vouchersReport)',
      'services/public-planning.ts (publicPlanningCache)',
      'auth/sessions.ts (keptSessions)',
    ]) {
      expect(names).toContain(module);
    }
    for (const cache of caches) {
      for (const text of [cache.name, cache.keeps, cache.key, cache.invalidatedBy, cache.bound]) {
        expect(text.trim(), cache.name).not.toBe('');
      }
      expect(['database', 'app']).toContain(cache.attachedTo);
    }
  });

  it('keeps a state per owner, created at first use and dropped on demand', () => {
    let created = 0;
    const state = new CacheState<object, Map<string, number>>(() => {
      created += 1;
      return new Map();
    });
    const one = {};
    const other = {};
    state.of(one).set('a', 1);
    expect(state.of(one).get('a')).toBe(1);
    expect(state.of(other).get('a')).toBeUndefined();
    expect(created).toBe(2);
    state.forget(one);
    expect(state.get(one)).toBeUndefined();
    expect(state.of(one).get('a')).toBeUndefined();
    expect(state.of(other)).toBeDefined();
  });
});

describe(`clearing an app's caches on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insertInto('settings')
      .values({ key: 'planning_widgets_enabled', value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute();
  });
  afterAll(() => t.close());

  it("drops even the public planning's answer, which a write leaves for a few seconds", async () => {
    const db = t.database.db;
    const locationId = await newLocation(db, { label: 'Vidage', is_restrictive: 0 });
    const url = `/api/public/planning?location_id=${locationId}`;
    expect((await t.app.inject({ method: 'GET', url })).json().flights).toEqual([]);
    await newFlight(db, { scheduled_date: inDays(2), is_public: 1, location_id: locationId });
    expect((await t.app.inject({ method: 'GET', url })).json().flights).toEqual([]);
    clearCaches(t.app.ctx);
    expect((await t.app.inject({ method: 'GET', url })).json().flights).toHaveLength(1);
  });
});

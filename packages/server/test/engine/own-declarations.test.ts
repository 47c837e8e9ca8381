import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getResource, listResource } from '../../src/engine/index.js';
import type { EngineContext, Registry, Resource } from '../../src/engine/types.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../helpers.js';

// The engine serves whatever declarations its context carries: here two tables of its own, unknown to the
// product (keepers and their animals), with filters through a relation, search across it, folded and loaded
// embeds, counts and pages. Nothing of resources/ is involved.

let heavyFrom = 300;

const keepers: Resource = {
  name: 'keepers',
  table: 'zoo_keepers' as never,
  fields: {
    id: { type: 'id', filterable: true, sortable: true, notNull: true },
    name: { type: 'string', filterable: true, sortable: true },
  },
  relations: {
    animals: { kind: 'hasMany', target: 'animals', foreignKey: 'keeper_id' },
    // Binds a value that changes between calls (as the next flights bind today's date), named by whereKey.
    heavy_animals: {
      kind: 'hasMany',
      target: 'animals',
      foreignKey: 'keeper_id',
      where: (a) => sql`${sql.ref(`${a}.weight`)} >= ${heavyFrom}`,
      whereKey: () => String(heavyFrom),
    },
  },
  search: ['name', 'animals.name'],
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {}, read: {} },
};

const animals: Resource = {
  name: 'animals',
  table: 'zoo_animals' as never,
  fields: {
    id: { type: 'id', filterable: true, sortable: true, notNull: true },
    name: { type: 'string', filterable: true, sortable: true },
    keeper_id: { type: 'integer', filterable: true },
    weight: { type: 'number', filterable: true, sortable: true },
  },
  relations: { keeper: { kind: 'belongsTo', target: 'keepers', foreignKey: 'keeper_id' } },
  search: ['name'],
  defaultOrder: [{ field: 'name', direction: 'ASC' }],
  routes: { list: {}, read: {} },
};

// The keepers again, with two computed fields over their animals that a list's rows read from one sub-select.
const animalsOf = (a: string, i: string) =>
  sql`${sql.table('zoo_animals')} as ${sql.id(i)} where ${sql.ref(`${i}.keeper_id`)} = ${sql.ref(`${a}.id`)}`;
const totals = {
  animals_weight: (_a: string, i: string) => sql`coalesce(sum(${sql.ref(`${i}.weight`)}), 0)`,
  heaviest: (_a: string, i: string) => sql`max(${sql.ref(`${i}.weight`)})`,
};
const ownSelect = (name: keyof typeof totals) => (a: string) =>
  sql`(select ${totals[name](a, `${a}_own`)} from ${animalsOf(a, `${a}_own`)})`;
const keeperTotals: Resource = {
  name: 'keeper-totals',
  table: 'zoo_keepers' as never,
  fields: {
    id: { type: 'id', filterable: true, sortable: true, notNull: true },
    name: { type: 'string', filterable: true, sortable: true },
    animals_weight: { type: 'number', sql: ownSelect('animals_weight'), shared: 'animals', filterable: true },
    heaviest: { type: 'number', sql: ownSelect('heaviest'), shared: 'animals', sortable: true },
  },
  sharedSelects: { animals: { from: animalsOf, fields: totals } },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {}, read: {} },
};

describe(`the engine on declarations of its own (${engine})`, () => {
  let database: TestDatabase;
  let ctx: EngineContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    const id = engine === 'sqlite' ? 'integer primary key' : 'serial primary key';
    await sql.raw(`create table zoo_keepers (id ${id}, name text not null)`).execute(database.db);
    await sql
      .raw(`create table zoo_animals (id ${id}, name text not null, keeper_id integer references zoo_keepers(id),
        weight numeric)`)
      .execute(database.db);
    await sql`insert into zoo_keepers (name) values ('Alice'), ('Bruno'), ('Chloé')`.execute(database.db);
    await sql`insert into zoo_animals (name, keeper_id, weight) values ('Girafe', 1, 800), ('Zèbre', 1, 350.5),
      ('Lionne', 2, 130), ('Panda', null, 100)`.execute(database.db);
    const registry: Registry = new Map([
      ['keepers', keepers],
      ['animals', animals],
      ['keeper-totals', keeperTotals],
    ]);
    ctx = {
      db: database.db,
      dialect: database.dialect,
      config: testConfig(),
      mailer: {} as Mailer,
      registry,
    };
  });

  afterAll(() => database.destroy());

  it('filters through a relation, pages and counts exactly', async () => {
    const page = await listResource(ctx, 'animals', {
      filters: [{ field: 'keeper.name', op: '=', value: 'Alice' }],
      order: [{ field: 'weight', direction: 'DESC' }],
      page: 1,
      per_page: 1,
    });
    expect(page.count).toBe(2);
    expect(page.data.map((a) => a.name)).toEqual(['Girafe']);
    expect(page.next).toBe(2);
  });

  it('searches across a to-many relation', async () => {
    const found = await listResource(ctx, 'keepers', { search: 'lionn', page: 1 });
    expect(found.data.map((k) => k.name)).toEqual(['Bruno']);
  });

  it('answers folded and loaded embeds, and counts', async () => {
    const panda = await getResource(ctx, 'animals', 4, { embed: ['keeper'] });
    expect(panda.keeper).toBeNull();
    const girafe = await getResource(ctx, 'animals', 1, { embed: ['keeper'] });
    expect(girafe.keeper).toEqual({ id: 1, name: 'Alice' });
    const alice = await getResource(ctx, 'keepers', 1, { embed: ['animals'], count: ['animals'] });
    expect(alice.animals_count).toBe(2);
    expect((alice.animals as { name: string; weight: number }[]).map((a) => [a.name, a.weight])).toEqual([
      ['Girafe', 800],
      ['Zèbre', 350.5],
    ]);
  });

  it('embeds a relation binding a changing value with the value of the call, compiled once per value', async () => {
    const heavy = async () => {
      const alice = await getResource(ctx, 'keepers', 1, { embed: ['heavy_animals'] });
      return (alice.heavy_animals as { name: string }[]).map((a) => a.name);
    };
    expect(await heavy()).toEqual(['Girafe', 'Zèbre']);
    expect(await heavy()).toEqual(['Girafe', 'Zèbre']);
    heavyFrom = 500;
    expect(await heavy()).toEqual(['Girafe']);
    heavyFrom = 1000;
    expect(await heavy()).toEqual([]);
    heavyFrom = 300;
    expect(await heavy()).toEqual(['Girafe', 'Zèbre']);
  });

  it('answers the computed fields of a shared sub-select from one read of the rows they aggregate', async () => {
    const execute = vi.spyOn(ctx.db.getExecutor(), 'executeQuery');
    try {
      const page = await listResource(ctx, 'keeper-totals', { page: 1 });
      expect(page.data).toEqual([
        { id: 1, name: 'Alice', animals_weight: 1150.5, heaviest: 800 },
        { id: 2, name: 'Bruno', animals_weight: 130, heaviest: 130 },
        { id: 3, name: 'Chloé', animals_weight: 0, heaviest: null },
      ]);
      const statements = execute.mock.calls.map(([query]) => query.sql).filter((text) => text.includes('zoo_animals'));
      expect(statements).toHaveLength(1);
      expect(statements[0]?.match(/zoo_animals/g)).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
    // Filters, order and a detail read: the same values.
    const heavy = await listResource(ctx, 'keeper-totals', {
      filters: [{ field: 'animals_weight', op: '>', value: '100' }],
      order: [{ field: 'heaviest', direction: 'ASC' }],
    });
    expect((heavy as { name: string }[]).map((k) => k.name)).toEqual(['Bruno', 'Alice']);
    expect(await getResource(ctx, 'keeper-totals', 2)).toEqual({
      id: 2,
      name: 'Bruno',
      animals_weight: 130,
      heaviest: 130,
    });
  });

  it('reads an unpaged filtered list with the SQL compiled at its first read only', async () => {
    const named = async (keeper: number) =>
      (
        (await listResource(ctx, 'animals', {
          filters: [{ field: 'keeper_id', op: '=', value: String(keeper) }],
          order: [{ field: 'weight', direction: 'ASC' }],
        })) as { name: string }[]
      ).map((a) => a.name);
    expect(await named(1)).toEqual(['Zèbre', 'Girafe']);
    const compile = vi.spyOn(ctx.db.getExecutor(), 'compileQuery');
    try {
      expect(await named(2)).toEqual(['Lionne']);
      expect(await named(1)).toEqual(['Zèbre', 'Girafe']);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('refuses what the declarations do not name, in French', async () => {
    await expect(
      listResource(ctx, 'animals', { filters: [{ field: 'keeper.salary', op: '=', value: '1' }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(listResource(ctx, 'bookings', {})).rejects.toThrow('Ressource inconnue');
  });
});

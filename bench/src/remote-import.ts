import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importRemoteOrderFile } from '@app/server';
import { sql } from 'kysely';
import { ensureDataset, flag } from './generate.js';

// Issue 11 performance target: a 500-order partner CSV (two passengers per order) imported in under 5 s on SQLite,
// against the bench dataset (the next booking number is read among the year's existing bookings). It runs the
// service the route runs (parse, one transaction, move to processed/), then removes what it created so the
// dataset stays as generated.
//   npm exec -w bench -- tsx src/remote-import.ts [--scale 1] [--orders 500]

const args = process.argv.slice(2);
const scale = Number(flag(args, 'scale') ?? 1);
const orders = Number(flag(args, 'orders') ?? 500);
const TARGET_MS = 5000;

const { database } = await ensureDataset(scale);
const { db } = database;
const prestation = await db.selectFrom('prestations').select('label').orderBy('id').executeTakeFirstOrThrow();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-remote-orders-'));
const stamp = Date.now().toString(36);
const header =
  'partner;order_id;purchase_date;prestation;passengers_count;amount;buyer_first_name;buyer_last_name;buyer_email;first_name;last_name;weight;age';
const lines = [header];
for (let i = 1; i <= orders; i++) {
  for (let p = 1; p <= 2; p++) {
    lines.push(
      `Bench;${stamp}-${i};02/05/2026;${prestation.label};2;249,50;Léa;Dupré${i};lea${i}@example.fr;Passager${p};Dupré${i};7${p},5;3${p}`,
    );
  }
}
fs.writeFileSync(path.join(dir, 'bench.csv'), `\uFEFF${lines.join('\r\n')}\r\n`);

const started = performance.now();
const outcome = await importRemoteOrderFile(db, dir, 'bench.csv');
const elapsed = performance.now() - started;
const created = outcome.bookings.filter((b) => b.created).length;

// Leave the dataset as it was.
const ids = outcome.bookings.map((b) => b.id);
await db.transaction().execute(async (trx) => {
  const customers = await trx.selectFrom('bookings').select('customer_id').where('id', 'in', ids).execute();
  await trx.deleteFrom('remote_orders').where('order_id', 'like', `Bench/${stamp}-%`).execute();
  await trx.deleteFrom('passengers').where('booking_id', 'in', ids).execute();
  await trx.deleteFrom('bookings').where('id', 'in', ids).execute();
  const customerIds = customers.map((c) => c.customer_id).filter((id): id is number => id !== null);
  for (let i = 0; i < customerIds.length; i += 500)
    await trx
      .deleteFrom('customers')
      .where('id', 'in', customerIds.slice(i, i + 500))
      .execute();
});
const left = await db.selectFrom('bookings').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
fs.rmSync(dir, { recursive: true, force: true });
await database.destroy();

console.log(
  `Import d'un CSV de ${orders} commandes (${orders * 2} passagers) sur ${database.dialect} : ` +
    `${Math.round(elapsed)} ms, ${created} réservations créées, statut ${outcome.status}` +
    `${outcome.errors.length ? ` (${outcome.errors.length} erreurs)` : ''}; ${Number(left.n).toLocaleString('fr-FR')} réservations dans la base après nettoyage.`,
);
const pass = elapsed < TARGET_MS && created === orders;
console.log(`${pass ? 'PASS' : 'MISS'} (objectif : moins de ${TARGET_MS / 1000} s)`);
process.exitCode = pass ? 0 : 1;

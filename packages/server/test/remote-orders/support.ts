import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

// Partner order files for the remote-orders tests, in the formats of docs/api.md.

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'remote-orders-'));
}

export async function enableImport(db: Kysely<DB>, on = true): Promise<void> {
  const value = on ? '1' : '0';
  await db
    .insertInto('settings')
    .values({ key: 'remote_orders_import_enabled', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function newPrestation(db: Kysely<DB>, label = 'Vol découverte'): Promise<number> {
  const row = await db.insertInto('prestations').values({ label }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const jsonOrder = (values: Record<string, unknown> = {}) => ({
  partner: 'Smartbox',
  order_id: 'SB-1001',
  purchase_date: '2026-05-02',
  prestation: 'Vol découverte',
  passengers_count: 2,
  amount: 398,
  buyer: { first_name: 'Claire', last_name: 'Martin', email: 'claire.martin@example.fr', phone: '06 12 34 56 78' },
  passengers: [
    { first_name: 'Claire', last_name: 'Martin', weight: 62, age: 41 },
    { first_name: 'Paul', last_name: 'Martin', weight: 80, age: 44 },
  ],
  ...values,
});

export const CSV_HEADER =
  'partner;order_id;purchase_date;prestation;passengers_count;amount;buyer_first_name;buyer_last_name;buyer_email;first_name;last_name;weight;age';

/** One line per passenger, as a French spreadsheet saves it: BOM, CRLF, decimal commas, DD/MM/YYYY. */
export function csvOrders(count: number, passengersPerOrder = 2, prefix = 'WB'): string {
  const lines = [CSV_HEADER];
  for (let i = 1; i <= count; i++) {
    for (let p = 1; p <= passengersPerOrder; p++) {
      lines.push(
        `Wonderbox;${prefix}-${i};02/05/2026;Vol découverte;${passengersPerOrder};249,50;Léa;Dupré${i};lea${i}@example.fr;Passager${p};Dupré${i};7${p},5;3${p}`,
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function multipart(filename: string, content: string | Buffer, field = 'file') {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function countRows(db: Kysely<DB>) {
  const count = async (table: 'bookings' | 'customers' | 'passengers' | 'remote_orders') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    bookings: await count('bookings'),
    customers: await count('customers'),
    passengers: await count('passengers'),
    remote_orders: await count('remote_orders'),
  };
}

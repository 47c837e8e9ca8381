import fs from 'node:fs';
import { apiPost, apiSession, expect, heading, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 12 part 4: every data list exports all the rows of its current filters and order as CSV (not one page),
// `;`-separated, UTF-8 with a BOM, French headers, dates DD/MM/YYYY. Downloaded in the browser, then parsed.

const run = Date.now().toString(36).slice(-5).toUpperCase();

test('a list exports every row of its search as a French CSV file', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const api = await apiSession();
  const location = await apiPost(api, '/api/locations', { label: `Export ${run}` });
  // More rows than one page (10), all found by one search.
  for (let i = 1; i <= 12; i++) {
    await apiPost(api, '/api/bookings', {
      number: `EXP-${run}-${String(i).padStart(2, '0')}`,
      booked_at: `2026-03-0${String(1 + (i % 9))}`,
      passengers_number: 2,
      location_id: location.id,
      total_amount: 199.9,
    });
  }
  await api.dispose();

  await openSignedIn(page, '/bookings/pending');
  await expect(heading(page, 'Réservations en attente')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`EXP-${run}`);
  await expect(
    page
      .getByText(`EXP-${run}-01`)
      .or(page.getByText(`EXP-${run}-12`))
      .first(),
  ).toBeVisible();
  // The newest bookings are these ones with or without the search: wait for the search itself (debounced) to
  // reach the export link, or the file may be the unsearched list's.
  await expect(page.getByRole('link', { name: 'Exporter' })).toHaveAttribute('href', new RegExp(`search=EXP-${run}`));
  await page.screenshot({ path: screenshotPath('export-list', testInfo.project.name) });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  const header = lines[0]?.split(';') ?? [];
  expect(header).toEqual(expect.arrayContaining(['Numéro', 'N° alternatif', 'Lieu', "Date d'achat", 'Total']));
  const rows = lines.slice(1).map((line) => line.split(';'));
  expect(rows).toHaveLength(12);
  const at = (name: string) => header.indexOf(name);
  expect(rows.map((r) => r[at('Numéro')]).sort()).toEqual(
    Array.from({ length: 12 }, (_, i) => `EXP-${run}-${String(i + 1).padStart(2, '0')}`),
  );
  for (const row of rows) {
    expect(row[at('Lieu')]).toBe(`Export ${run}`);
    expect(row[at("Date d'achat")]).toMatch(/^0\d\/03\/2026$/);
    expect(row[at('Total')]).toBe('199,9');
    // The voucher's validity: purchase date + 12 months (the default setting).
    expect(row[at('Date de validité')]).toMatch(/^0\d\/03\/2027$/);
  }
});

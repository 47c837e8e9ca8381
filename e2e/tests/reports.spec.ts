import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { apiPost, apiSession, expect, heading, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 29 point 4, end to end in French: the administrator opens 'Rapports' from the navigation and reads what
// the vouchers are worth today (figures, origins and business providers, expiries, past months, charts), another
// date, and the CSV; at 1440 and 800 px, with axe-core finding no serious or critical violation. The data is
// seeded through the API under an origin and a provider of this run's own (the server is shared with other specs).

const run = Date.now().toString(36).slice(-5).toUpperCase();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const french = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function seed() {
  const api = await apiSession();
  const { today } = await (await api.get('/api/dashboard')).json();
  const origin = await apiPost(api, '/api/booking-origins', { label: `Salon ${run}` });
  const provider = await apiPost(api, '/api/business-providers', { label: `Camping ${run}` });
  // Two vouchers bought today under this run's origin: 0,10 € + 0,20 € must read 0,30 €, not 0,30000000000000004.
  for (const [i, amount] of [0.1, 0.2].entries()) {
    await apiPost(api, '/api/bookings', {
      number: `RP-${run}-${i}`,
      passengers_number: 2,
      booked_at: today,
      total_amount: amount,
      paid_amount: amount,
      remaining_amount: 0,
      booking_origin_id: origin.id,
      business_provider_id: i === 0 ? provider.id : null,
    });
  }
  await api.dispose();
  return { today };
}

/** Serious and critical axe violations of the page as shown, one line each. */
async function violations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}`));
  })) as string[];
  return found;
}

test('the administrator reads what the vouchers are worth, at another date, and downloads the CSV', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const { today } = await seed();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, '/dashboard');
  const entry = page.getByRole('link', { name: 'Rapports' });
  await expect(entry).toHaveAttribute('href', '/reports/vouchers');
  await entry.click({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/reports\/vouchers$/);
  await expect(heading(page, 'Rapports')).toBeVisible();

  const figures = page.getByRole('region', { name: `Bons en cours au ${french(today)}` });
  await expect(figures.getByText('Bons en cours', { exact: true })).toBeVisible();
  const origins = page.getByRole('table', { name: 'Bons en cours par origine' });
  const ours = origins.getByRole('row').filter({ hasText: `Salon ${run}` });
  await expect(ours).toContainText('2');
  await expect(ours).toContainText('0,30 €');
  const providers = page.getByRole('table', { name: 'Bons en cours par apporteur' });
  await expect(providers.getByRole('row').filter({ hasText: `Camping ${run}` })).toContainText('0,10 €');
  await expect(page.getByRole('table', { name: 'Expirations par mois' }).getByRole('row')).toHaveCount(13);
  await expect(page.getByRole('table', { name: 'Montants par mois' }).getByRole('row')).toHaveCount(13);
  await expect(page.locator('.recharts-surface')).toHaveCount(2);
  await expect(page.getByText('Vendu, volé, périmé et remboursé par mois')).toBeVisible();
  expect(await violations(page), 'axe at 1440 px').toEqual([]);
  await page.screenshot({ path: screenshotPath('reports-1440', testInfo.project.name), fullPage: true });

  // The CSV of the date shown, as a French spreadsheet reads it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`rapport-bons-${today}.csv`);
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFRapport des bons au;')).toBe(true);
  expect(text).toContain(`\r\nSalon ${run};2;0,30\r\n`);
  expect(text).toContain('\r\nMois;Vendu (€);Volé (€);Périmé (€);Remboursé (€)\r\n');

  // The day before: this run's vouchers were not bought yet.
  const yesterday = addDays(today, -1);
  const date = page.getByRole('textbox', { name: 'Date du rapport' });
  await date.fill(french(yesterday));
  await date.press('Escape');
  await expect(page.getByRole('region', { name: `Bons en cours au ${french(yesterday)}` })).toBeVisible();
  await expect(origins.getByRole('row').filter({ hasText: `Salon ${run}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Exporter' })).toHaveAttribute('href', new RegExp(`at=${yesterday}`));

  // At 800 px: the burger's layout, tables as cards.
  await page.setViewportSize({ width: 800, height: 1100 });
  await date.fill(french(today));
  await date.press('Escape');
  await expect(page.locator('.mantine-DateInput-calendarHeaderControl')).toHaveCount(0);
  await expect(page.getByRole('region', { name: `Bons en cours au ${french(today)}` })).toBeVisible();
  await expect(page.getByText(`Salon ${run}`)).toBeVisible();
  expect(await violations(page), 'axe at 800 px').toEqual([]);
  await page.screenshot({ path: screenshotPath('reports-800', testInfo.project.name), fullPage: true });
});

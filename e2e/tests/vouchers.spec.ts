import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import {
  apiPost,
  apiSession,
  expect,
  heading,
  mailsFor,
  mailText,
  openSignedIn,
  screenshotPath,
  test,
} from './support/fixtures.js';

// Issue 29 in the browser: the rules page 'Bons et validité', a weather postponement that extends a voucher near its
// end (the 'Prolongation de validité' mail caught by the harness's real SMTP server), the booking's validity history
// and its 'Attestation de validité' downloaded. Screenshots at 1440 and 800 px; axe on the two screens.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const day = '2032-09-20';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function shoot(page: Page, name: string, project: string) {
  await page.screenshot({ path: screenshotPath(`${name}-1440`, project), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath(`${name}-800`, project), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Serious and critical axe violations of the page as shown (WCAG 2.0/2.1 A and AA, best practices). */
async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByText('Chargement...')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
  });
}

async function seed() {
  const api = await apiSession();
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: day,
    scheduled_time: '18:30:00',
    flight_status_id: 1,
  });
  const email = `bon.${run.toLowerCase()}@e2e.test`;
  // Valid 20 days after the flight: the 'échéance proche' rule (60 days, + 4 months) applies when it is postponed.
  const booking = await apiPost(api, '/api/bookings', {
    number: `BV-${run}`,
    passengers_number: 1,
    booked_at: '2031-10-10',
    validity_date: '2032-10-10',
    booking_status_id: 2,
  });
  const passenger = await apiPost(api, '/api/passengers', {
    booking_id: booking.id,
    ticket_number: `BV-${run}-1`,
    first_name: 'Maëlle',
    last_name: `Rousseau${run}`,
    is_referent: 1,
    email,
    weight: 64,
  });
  await apiPost(api, '/api/registrations', { flight_id: flight.id, passenger_id: passenger.id });
  await api.dispose();
  return { flight, booking, email };
}

async function waitForMail(address: string, text: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = (await mailsFor(address)).find((m) => mailText(m.raw).includes(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail holding '${text}' for ${address}`);
}

test('the rules page, a postponement that extends a voucher in writing, and its attestation', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { flight, booking, email } = await seed();
  const project = testInfo.project.name;

  // The rules, on by default with the values.
  await openSignedIn(page, '/settings/vouchers');
  const form = page.getByRole('form', { name: 'Bons et validité' });
  await expect(form.getByRole('spinbutton', { name: "Jours avant l'échéance" })).toHaveValue('60');
  await expect(form.getByRole('spinbutton', { name: 'Prolongation si échéance proche (mois)' })).toHaveValue('4');
  await expect(form.getByRole('spinbutton', { name: 'Reports météo avant prolongation' })).toHaveValue('4');
  await expect(form.getByRole('spinbutton', { name: 'Prolongation après reports (mois)' })).toHaveValue('6');
  await expect(form.getByRole('spinbutton', { name: 'Reports météo avant remboursement' })).toHaveValue('7');
  await expect(form.getByRole('switch', { name: /^Prolonger les bons proches de leur échéance/ })).toBeChecked();
  await expect(form).toContainText('Au 4e report météo : + 6 mois, une fois.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'voucher-settings', project);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();

  // The flight is postponed for the weather from its page.
  await page.goto(`/flights/${flight.id}/summary`);
  await page.getByRole('button', { name: 'Modifier : Statut' }).click();
  await page.getByRole('dialog', { name: 'Statut du vol' }).getByRole('radio', { name: 'Reporté - météo' }).click();
  const postpone = page.getByRole('dialog', { name: 'Reporter le vol (météo)' });
  await postpone.getByRole('button', { name: 'Reporter le vol' }).click();
  await expect(postpone).toBeHidden();

  // The customer's copy, through the real SMTP server: the new date and the reason.
  const mail = await waitForMail(email, "est prolongée jusqu'au 10/02/2033");
  expect(mailText(mail.raw)).toContain('Report météo du 20/09/2032 (règle échéance proche)');
  expect(mail.to).toEqual([email]);

  // The booking's side: the new date, one weather postponement, the extension in its history, by 'Automatique'.
  await page.goto(`/bookings/${booking.id}/summary`);
  await expect(heading(page, `Réservation BV-${run}`)).toBeVisible();
  const validity = section(page, 'Validité du bon');
  await expect(validity).toContainText("Valable jusqu'au 10/02/2033");
  await expect(validity).toContainText('1 report météo');
  const history = validity.getByRole('list', { name: 'Historique de validité' });
  await expect(history).toContainText(
    "+4 mois, jusqu'au 10/02/2033 — Report météo du 20/09/2032 (règle échéance proche)",
  );
  await expect(history).toContainText('Automatique');
  // The mail was caught above, so it left: the history says so once read again.
  await page.reload();
  await expect(section(page, 'Validité du bon')).toContainText('Email envoyé le');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'booking-validity-history', project);

  // The attestation, downloaded as staff do to send it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section(page, 'Validité du bon').getByRole('link', { name: 'Attestation de validité' }).click(),
  ]);
  const file = testInfo.outputPath('attestation.pdf');
  await download.saveAs(file);
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  fs.copyFileSync(file, screenshotPath('attestation', project).replace(/\.png$/, '.pdf'));

  // The bookings list: the column and the filter.
  await page.goto('/bookings/pending');
  await page.getByRole('button', { name: 'Filtres' }).click();
  await page.getByRole('combobox', { name: 'Reports météo', exact: true }).click();
  await page.getByRole('option', { name: 'Au moins 1 report' }).click();
  const row = page.getByRole('row', { name: new RegExp(`BV-${run}`) });
  await expect(row).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'bookings-weather-postponements', project);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { apiPost, apiPut, apiSession, expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 30 in the browser: the flight file's warnings (a pilot not current) on the flight page, the planning card
// and the dashboard; the pilot's logbook with its CSV; the plan's checks; 'Clôturer le dossier de vol' and the
// sealed record downloaded, its SHA-256 the one shown. Screenshots at 1440 and 800 px, axe on the new screens.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const planned = '2032-06-10';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function shoot(page: Page, name: string, project: string) {
  await page.screenshot({ path: screenshotPath(`${name}-1440`, project), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath(`${name}-800`, project), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Serious or critical axe violations of the page as shown. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return found;
}

async function seed() {
  const api = await apiSession();
  const { today } = await (await api.get('/api/dashboard')).json();
  const pilot = await apiPost(api, '/api/pilots', {
    first_name: 'Odile',
    last_name: `Vernet${run}`,
    weight: 68,
    licence_number: `FRA.FCL.${run}`,
    licence_expires_on: '2040-12-31',
    medical_expires_on: '2031-03-31',
  });
  const balloon = await apiPost(api, '/api/balloons', {
    label: `Ultramagic ${run}`,
    registration_number: `F-H${run}`,
    passengers: 8,
    takeoff_max_mass: 1800,
    empty_mass: 420,
    gas_mass: 110,
    volume: 4000,
    envelope_temperature: 100,
    hourly_consumption: 40,
    flying_time: 60,
    cylinders: 2,
    hours_before: 120,
    last_inspection_on: '2031-05-01',
    hours_at_last_inspection: 118,
  });
  const location = await apiPost(api, '/api/locations', { label: `Prairie ${run}`, takeoff_altitude: 200 });
  // A flight flown last year: realized, its record complete (the logbook, the seal).
  const flown = await apiPost(api, '/api/flights', {
    scheduled_date: '2031-06-02',
    scheduled_time: '06:30',
    flight_status_id: 1,
    pilot_id: pilot.id,
    balloon_id: balloon.id,
    location_id: location.id,
    takeoff_temperature: 12,
    flight_max_altitude: 900,
    fuel_loaded: 75,
  });
  const booking = await apiPost(api, '/api/bookings', { number: `FF-${run}`, passengers_number: 2 });
  for (const [i, first] of ['Lucie', 'Marc'].entries()) {
    const passenger = await apiPost(api, '/api/passengers', {
      booking_id: booking.id,
      ticket_number: `FF-${run}-${i}`,
      first_name: first,
      last_name: `Caron${run}`,
      weight: 64 + i * 14,
      is_referent: i === 0 ? 1 : 0,
    });
    await apiPost(api, '/api/registrations', { flight_id: flown.id, passenger_id: passenger.id });
  }
  await apiPut(api, `/api/flights/${flown.id}`, {
    flight_status_id: 2,
    takeoff_time: '06:45:00',
    landing_time: '07:50:00',
  });
  await apiPut(api, `/api/flights/${flown.id}`, { landing_place: 'Ferme des Aulnes', remarks: 'Vent calme' });
  // The pilot's coming flights: one flight in the last 180 days, a medical that has expired.
  const teammate = await apiPost(api, '/api/teammates', { first_name: 'Paul', last_name: `Chase${run}` });
  const coming = await apiPost(api, '/api/flights', {
    scheduled_date: planned,
    scheduled_time: '07:15',
    flight_status_id: 1,
    pilot_id: pilot.id,
    balloon_id: balloon.id,
    teammates: [teammate.id],
  });
  const todays = await apiPost(api, '/api/flights', {
    scheduled_date: today,
    scheduled_time: '19:45',
    flight_status_id: 1,
    pilot_id: pilot.id,
  });
  await api.dispose();
  return { pilot, balloon, flown, coming, todays };
}

test('the flight file: warnings, the pilot logbook, and a sealed record downloaded as stored', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const { pilot, balloon, flown, coming, todays } = await seed();
  const project = testInfo.project.name;
  const pilotName = `Odile Vernet${run}`;
  const medical = `L'aptitude médicale d'${pilotName} a expiré le 31/03/2031, avant ce vol.`;

  // The flight page: why the pilot is not current on that day.
  await openSignedIn(page, `/flights/${coming.id}/summary`);
  const warnings = page.getByRole('region', { name: 'Dossier de vol : points à vérifier' });
  await expect(warnings).toContainText(medical);
  await expect(warnings).toContainText(
    `${pilotName} n'a effectué que 0 vol dans les 180 jours précédant ce vol (3 requis).`,
  );
  await expect(warnings).toContainText(`La visite du ballon F-H${run} est échue depuis le 01/05/2032.`);
  await shoot(page, 'flight-file-warnings', project);
  expect(await axeViolations(page)).toEqual([]);

  // The crew: the teammate is the ground crew until marked on board, which the plan's crew check counts.
  const crew = page.getByRole('region', { name: 'Équipage à bord' });
  await expect(crew).toContainText("À bord : le pilote seul (1 membre d'équipage pour 0 passager)");
  // Clicked, then awaited: the box shows the crew as the server saved it.
  await crew.getByRole('checkbox', { name: `Paul Chase${run} à bord` }).click();
  await expect(crew).toContainText(`À bord : le pilote et Paul Chase${run} (2 membres d'équipage pour 0 passager)`);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Paul Chase${run} à bord` })).toBeChecked();

  // The plan page: each check with its formula.
  await page.goto(`/flights/${coming.id}/operating-plan`);
  const checks = page.getByRole('region', { name: 'Contrôles du dossier de vol' });
  await expect(checks).toContainText('Allocation passagers');
  await expect(checks).toContainText(
    'consommation × (vol prévu + réserve) / 60 : 40 kg/h × (60 min + 30 min) / 60 = 60 kg',
  );
  await expect(checks.locator('[data-check="medical"]')).toHaveAttribute('data-mark', 'ko');
  await expect(checks.locator('[data-check="licence"]')).toHaveAttribute('data-mark', 'ok');
  await shoot(page, 'flight-file-plan-checks', project);

  // The planning card of that day says it too.
  await page.goto(`/planning?day=${planned}`);
  const card = page.getByRole('article', { name: 'Vol de 07:15' });
  await expect(card).toContainText(medical);
  await shoot(page, 'flight-file-planning-card', project);

  // The dashboard's coming flights.
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: '19:45' }).filter({ hasText: pilotName });
  await expect(row).toContainText(
    `${pilotName} n'a effectué que 0 vol dans les 180 jours précédant ce vol (3 requis).`,
  );
  expect(todays.id).toBeGreaterThan(0);
  await shoot(page, 'flight-file-dashboard', project);

  // The pilot's logbook: the realized flight, the totals, the CSV.
  await page.goto(`/other-data/pilots/${pilot.id}/logbook`);
  await expect(page.getByRole('heading', { level: 1, name: `Carnet de vol — ${pilotName}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Vols réalisés' });
  await expect(table).toContainText('02/06/2031');
  await expect(table).toContainText(`F-H${run}`);
  await expect(table).toContainText('Ferme des Aulnes, 07:50');
  await expect(table).toContainText('1 h 05');
  await expect(table).toContainText('Total : 1 vol');
  await shoot(page, 'flight-file-logbook', project);
  expect(await axeViolations(page)).toEqual([]);
  const csv = await page.request.get(`/api/pilots/${pilot.id}/logbook?format=csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(
    `02/06/2031;F-H${run};Ultramagic ${run};;Prairie ${run};06:45;Ferme des Aulnes;07:50;65;2;`,
  );
  const pdf = await page.request.get(`/api/pilots/${pilot.id}/logbook?format=pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  fs.writeFileSync(testInfo.outputPath('logbook.pdf'), await pdf.body());

  // The balloon's technical log: hours before, the flight, the inspection, the next one due.
  await page.goto(`/other-data/balloons/${balloon.id}/summary`);
  const log = page.getByRole('region', { name: 'Livret technique' });
  await expect(log).toContainText('Prochaine visite');
  await expect(log).toContainText('01/05/2032 ou 218 h');
  await expect(log.getByRole('table', { name: 'Vols et visites du ballon' })).toContainText('Ferme des Aulnes, 07:50');
  await shoot(page, 'flight-file-technical-log', project);
  expect(await axeViolations(page)).toEqual([]);

  // A new annual inspection recorded from the log: listed beside the earlier one, the next one due moves, and the
  // coming flight's inspection warning is gone.
  await log.getByRole('button', { name: 'Enregistrer une visite' }).click();
  const visit = page.getByRole('dialog', { name: 'Enregistrer une visite' });
  await visit.getByLabel('Date de la visite').fill('15/05/2032');
  await visit.getByLabel('Heures du ballon à la visite').fill('121,5');
  await visit.getByLabel('Réalisée par').fill('Atelier Sud');
  await visit.getByRole('button', { name: 'Valider' }).click();
  await expect(visit).toBeHidden();
  await expect(log).toContainText('15/05/2033 ou 221,5 h');
  const events = log.getByRole('table', { name: 'Vols et visites du ballon' });
  await expect(events.getByRole('row').filter({ hasText: '01/05/2031' })).toContainText('Autre visite');
  await expect(events.getByRole('row').filter({ hasText: '15/05/2032' })).toContainText(
    'Visite annuelle (12 mois)Par Atelier Sud121,5 h',
  );
  await shoot(page, 'flight-file-inspection', project);
  await page.goto(`/flights/${coming.id}/summary`);
  await expect(warnings).toContainText(medical);
  await expect(warnings).not.toContainText(`La visite du ballon F-H${run}`);

  // The flown flight: 'Clôturer le dossier de vol', then the record downloaded is the one sealed.
  await page.goto(`/flights/${flown.id}/summary`);
  const file = page.getByRole('region', { name: 'Dossier de vol', exact: true });
  await file.getByRole('button', { name: 'Clôturer le dossier de vol' }).click();
  await expect(file).toContainText('Clôturé, version 1');
  const shown = (await file.getByTestId('record-sha256').first().innerText()).trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    file.getByRole('link', { name: 'Télécharger la version 1 du dossier de vol' }).click(),
  ]);
  const saved = testInfo.outputPath('dossier-de-vol.pdf');
  await download.saveAs(saved);
  const bytes = fs.readFileSync(saved);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(shown);
  await expect(page.getByRole('button', { name: 'Modifier : Statut' })).toBeDisabled();
  await shoot(page, 'flight-file-sealed', project);
  expect(await axeViolations(page)).toEqual([]);

  // Sealed: the flight refuses a change (the server's 409 in French).
  const refused = await page.request.put(`/api/flights/${flown.id}`, {
    data: { remarks: 'Après coup' },
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      ),
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toContain('Le dossier de ce vol est clôturé');

  // A correction: a reason, the flight opens again, sealed as version 2, version 1 kept.
  await file.getByRole('button', { name: 'Ouvrir une correction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ouvrir une correction du dossier de vol' });
  await dialog.getByRole('textbox', { name: 'Motif de la correction' }).fill("Lieu d'atterrissage à préciser");
  await dialog.getByRole('button', { name: 'Ouvrir la correction' }).click();
  await expect(dialog).toBeHidden();
  await expect(file).toContainText("Correction ouverte : « Lieu d'atterrissage à préciser »");
  await file.getByRole('button', { name: 'Clôturer le dossier de vol' }).click();
  await expect(file).toContainText('Clôturé, version 2');
  await expect(file.getByRole('table', { name: 'Versions du dossier de vol' })).toContainText(
    "Motif : Lieu d'atterrissage à préciser",
  );
  await expect(file.getByTestId('record-sha256')).toHaveCount(2);
  expect((await file.getByTestId('record-sha256').nth(1).innerText()).trim()).toBe(shown);
});

import type { Locator, Page } from '@playwright/test';
import { ROLE_IDS } from './support/accounts.js';
import {
  apiPost,
  apiPut,
  apiSession,
  createUser,
  expect,
  openSignedIn,
  screenshotPath,
  test,
} from './support/fixtures.js';

// Issue 12 part 5, end to end: writes made through the API show in the booking's and the flight's 'Historique'
// (who, when, what, old → new in French), the administrator filters the whole log, an operator has no access to
// it; screenshots at 1440 px and 800 px.

const run = Date.now().toString(36).slice(-5).toUpperCase();

const input = (scope: Locator | Page, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));

async function shoot(page: Page, name: string, projectName: string) {
  await page.screenshot({ path: screenshotPath(name, projectName), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath(`${name}-800`, projectName), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a booking’s and a flight’s history, and the whole log for the administrator', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const api = await apiSession();
  const booking = await apiPost(api, '/api/bookings', { number: `HIST-${run}`, passengers_number: 2 });
  const passenger = await apiPost(api, '/api/passengers', {
    booking_id: booking.id,
    ticket_number: `HIST-${run}-01`,
    first_name: 'Margaux',
    last_name: 'Vasseur',
    weight: 80,
  });
  await apiPut(api, `/api/passengers/${passenger.id}`, { weight: 82.5, department: '21' });
  await apiPost(api, '/api/requested-dates', { booking_id: booking.id, date: '2026-07-14' });
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: '2026-07-14',
    scheduled_time: '06:30:00',
    flight_status_id: 1,
  });
  await apiPost(api, '/api/registrations', { flight_id: flight.id, passenger_id: passenger.id });
  await apiPut(api, `/api/flights/${flight.id}`, { takeoff_temperature: 12 });
  await api.dispose();

  await openSignedIn(page, `/bookings/${booking.id}/summary`);
  const history = page.getByRole('region', { name: 'Historique' });
  // Records named as staff know them (issue 27): the passenger by name, the booking by its number.
  await expect(history.getByText('Passager Margaux Vasseur').first()).toBeVisible();
  await expect(history.getByText(`Réservation HIST-${run}`).first()).toBeVisible();
  const entries = history.getByTestId('history-entry');
  // Newest first: the registration, the requested date, the passenger's change, its creation, the booking.
  await expect(entries.first()).toContainText('Inscription sur un vol');
  await expect(history).toContainText('Poids : 80 → 82,5');
  await expect(history).toContainText('Département : — → 21');
  await expect(history).toContainText('Date : 14/07/2026');
  await expect(history).toContainText(`Numéro : HIST-${run}`);
  await history.scrollIntoViewIfNeeded();
  await shoot(page, 'history-booking', testInfo.project.name);

  await page.goto(`/flights/${flight.id}/summary`);
  const flightHistory = page.getByRole('region', { name: 'Historique' });
  await expect(flightHistory).toContainText('Température au décollage : — → 12');
  await expect(flightHistory).toContainText('Passager : Margaux Vasseur');
  await expect(flightHistory).toContainText('Vol du 14/07/2026 à 06:30');
  await expect(flightHistory).toContainText('Statut du vol : Planifié');
  await flightHistory.scrollIntoViewIfNeeded();
  await shoot(page, 'history-flight', testInfo.project.name);

  // The whole log, filtered on one record.
  await page.getByRole('link', { name: 'Historique' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const table = page.getByRole('table', { name: 'Historique' });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'Filtres' }).click();
  await input(page, 'Élément').click();
  await page.getByRole('option', { name: 'Passager', exact: true }).click();
  await input(page, 'N° de l’élément').fill(String(passenger.id));
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Modification');
  await expect(table).toContainText('Poids : 80 → 82,5');
  await shoot(page, 'history-log', testInfo.project.name);
});

test('an operator reads a booking’s history but not the whole log', async ({ page }) => {
  const operator = await createUser(ROLE_IDS.operator, 'Oscar', 'Opérateur');
  const api = await apiSession();
  const booking = await apiPost(api, '/api/bookings', { number: `HOP-${run}`, passengers_number: 1 });
  await api.dispose();
  await openSignedIn(page, `/bookings/${booking.id}/summary`, operator.email, operator.password);
  await expect(page.getByRole('region', { name: 'Historique' })).toContainText(`Numéro : HOP-${run}`);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Historique' })).toHaveCount(0);
  await page.goto('/history');
  await expect(page).not.toHaveURL(/\/history$/);
});

import { apiPost, apiSession, expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 12 point 1, end to end in French: the operator lands on the dashboard and sees the coming week's flight
// with its passenger counter, the pending passengers of a coming day ('Passagers intéressés'), what needs doing (a card
// opens the bookings list narrowed to exactly what it counts), and the season charts; at 1440 and 800 px. The data
// is seeded through the API like the other specs (the server is shared, so counts are read as 'at least').

const run = Date.now().toString(36).slice(-5).toUpperCase();

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function seed() {
  const api = await apiSession();
  // The server's 'today' (the dashboard's own first day).
  const { today } = await (await api.get('/api/dashboard')).json();
  const balloon = await apiPost(api, '/api/balloons', { label: `F-DB${run}`, passengers: 3, takeoff_max_mass: 1500 });
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: addDays(today, 1),
    scheduled_time: '06:45',
    balloon_id: balloon.id,
    flight_status_id: 1,
  });
  // Booked for two, one passenger known: incomplete on a coming flight.
  const incomplete = await apiPost(api, '/api/bookings', { number: `DB-${run}-1`, passengers_number: 2 });
  const passenger = await apiPost(api, '/api/passengers', {
    booking_id: incomplete.id,
    ticket_number: `DB-${run}-1-01`,
    first_name: 'Anaïs',
    last_name: `Dubreuil${run}`,
    weight: 64,
  });
  await apiPost(api, '/api/registrations', { flight_id: flight.id, passenger_id: passenger.id });
  // Three passengers asking for the day after tomorrow.
  const pending = await apiPost(api, '/api/bookings', { number: `DB-${run}-2`, passengers_number: 3 });
  await apiPost(api, '/api/requested-dates', { booking_id: pending.id, date: addDays(today, 2) });
  const status = (await (await api.get(`/api/bookings/${incomplete.id}?embed=booking_status`)).json()).booking_status;
  await api.dispose();
  return { today, statusLabel: status.label as string };
}

test('the operator sees the week, what to do, and opens the filtered list from a card', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const { today, statusLabel } = await seed();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByRole('heading', { name: 'À faire' })).toBeVisible();
  // The week's flights: our balloon tomorrow at 06:45, one passenger of three places (counter: success), 2 places left.
  const flights = page.getByRole('table', { name: 'Vols à venir' });
  const row = flights.getByRole('row').filter({ hasText: `F-DB${run}` });
  await expect(row).toContainText('06:45');
  await expect(row.getByLabel('1 passagers sur 3 places')).toBeVisible();
  await expect(row).toContainText('2 places');
  await expect(row).toContainText('Planifié');
  // Every tag whole on a smaller desktop too, beside the flight file's warnings: never cut to 'Plani…'.
  await page.setViewportSize({ width: 1100, height: 900 });
  for (const tag of await flights.locator('.mantine-Badge-label').all()) {
    expect(await tag.evaluate((el) => el.scrollWidth <= el.clientWidth), await tag.innerText()).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Pending passengers of the day after tomorrow, opening 'Passagers intéressés'.
  const dayButton = page.getByRole('button', { name: /^Passagers intéressés le / }).nth(2);
  await expect(dayButton).toBeEnabled();
  await dayButton.click();
  const interested = page.getByRole('dialog', { name: 'Passagers intéressés' });
  await expect(interested.getByText(`DB-${run}-2`)).toBeVisible();
  await interested.getByRole('button', { name: 'Fermer' }).click();
  await expect(interested).toBeHidden();

  // Charts of the season.
  const season = today.slice(0, 4);
  await expect(page.getByText(`Réservations vendues par mois : ${season} et ${Number(season) - 1}`)).toBeVisible();
  await expect(page.getByText(`Vols par mois en ${season}`)).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('dashboard-1440', testInfo.project.name), fullPage: true });

  // The 'incomplete bookings' card leads to the list of its status, narrowed to what it counts.
  const card = page.getByTestId('attention-incomplete_bookings');
  await expect(card).toContainText('Réservations incomplètes sur un vol à venir');
  await card.getByRole('link', { name: new RegExp(`^${statusLabel} \\(\\d+\\)$`) }).click();
  await expect(page).toHaveURL(/\/bookings\/[a-z-]+\?filters=/);
  await expect(page.getByText('Liste filtrée : Réservations incomplètes sur un vol à venir')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`DB-${run}`);
  await expect(page.getByText(`DB-${run}-1`)).toBeVisible();
  // The pending booking with no flight is not in this list.
  await expect(page.getByText(`DB-${run}-2`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Voir toute la liste' }).click();
  await expect(page.getByText(/Liste filtrée/)).toHaveCount(0);

  // 800 px: the same page, cards and tables stacked.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'À faire' })).toBeVisible();
  await expect(page.getByText(`F-DB${run}`, { exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath('dashboard-800', testInfo.project.name), fullPage: true });
});

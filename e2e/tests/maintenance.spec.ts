import { expect, heading, maintenance, screenshotPath, signIn, test } from './support/fixtures.js';

test.afterEach(() => {
  // Never leave the shared server in maintenance for the next test.
  maintenance('off');
});

test('maintenance mode: the app shows the maintenance page, then comes back by itself', async ({ page }, testInfo) => {
  await page.goto('/auth/login');
  await signIn(page);
  await page.goto('/flights');
  await expect(heading(page, 'Vols')).toBeVisible();

  expect(maintenance('on')).toContain('activé');
  // The server reads the flag through a cache of about a second: the next navigation that calls the API gets 503.
  await expect(async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/maintenance$/, { timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(heading(page, 'Maintenance en cours')).toBeVisible();
  await page.screenshot({ path: screenshotPath('maintenance', testInfo.project.name), animations: 'disabled' });

  // While maintenance is on, every navigation goes to the maintenance page.
  await page.goto('/planning');
  await expect(page).toHaveURL(/\/maintenance$/);

  expect(maintenance('off')).toContain('désactivé');
  // The page asks again every few seconds and returns to where the user was.
  await expect(heading(page, 'Planning')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/planning$/);
});

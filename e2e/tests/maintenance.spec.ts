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

test('maintenance: no list failure over the maintenance page, and signed-out visitors go there at once', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/auth/login');
  await signIn(page);
  await page.goto('/other-data/balloons');
  await expect(heading(page, 'Ballons')).toBeVisible();

  expect(maintenance('on')).toContain('activé');
  // Past the server's one-second cache of the flag.
  await page.waitForTimeout(1500);
  await page.getByRole('navigation', { name: 'Autres données' }).getByRole('link', { name: 'Lieux de vol' }).click();
  await expect(heading(page, 'Maintenance en cours')).toBeVisible();
  // The list's 503 is the maintenance page's business: no red 'Erreur de chargement…' over it.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A visitor without a session on the login page: sent to maintenance on GET /health's word, before any call
  // that fails (the login page itself calls nothing until the form is sent).
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const calls: string[] = [];
  visitor.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/assets/') && request.resourceType() === 'fetch') calls.push(pathname);
  });
  try {
    await visitor.goto('/auth/login');
    await expect(visitor).toHaveURL(/\/maintenance$/);
    await expect(heading(visitor, 'Maintenance en cours')).toBeVisible();
    expect(calls[0]).toBe('/health');
  } finally {
    await context.close();
  }
});

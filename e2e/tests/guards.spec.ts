import { ROLE_IDS } from './support/accounts.js';
import {
  type Account,
  apiPost,
  apiSession,
  createUser,
  expect,
  heading,
  screenshotPath,
  signIn,
  test,
} from './support/fixtures.js';

const refused = 'Page réservée aux rôles ayant le droit « Gérer les utilisateurs ».';

test.describe('route guards (session, roles and permissions)', () => {
  let operator: Account;

  test.beforeAll(async () => {
    operator = await createUser(ROLE_IDS.operator, 'Odile', 'Opératrice');
  });

  test('an operator (no capability) is refused users and settings, and sees neither in the navigation', async ({
    page,
  }, testInfo) => {
    await page.goto('/auth/login');
    await signIn(page, operator.email, operator.password);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Planning' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Paramètres' })).toHaveCount(0);

    // The refusal notice lives 4 s from the moment the guard refuses; on a loaded machine the dashboard it leads to
    // can take longer than that to load, so the notice is looked for first, then where the user landed.
    await page.goto('/users');
    await expect(page.getByRole('alert').filter({ hasText: refused })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Page réservée au super utilisateur et aux rôles ayant le droit « Gérer les paramètres ».',
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.screenshot({ path: screenshotPath('refused-settings', testInfo.project.name), animations: 'disabled' });
    await page.goto('/settings/capabilities');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(heading(page, 'Tableau de bord')).toBeVisible();
  });

  test('remote orders are refused while the import setting is off', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, operator.email, operator.password);
    await page.goto('/remote-orders');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Commandes à distance' })).toHaveCount(0);
  });

  test('the super user reaches the settings, the capabilities page and users', async ({ page }) => {
    await page.goto('/settings');
    await signIn(page);
    await expect(page).toHaveURL(/\/settings\/planning$/);
    await expect(heading(page, 'Planning')).toBeVisible();
    const settingsNav = page.getByRole('navigation', { name: 'Sections des paramètres' });
    await settingsNav.getByRole('link', { name: 'Droits des rôles' }).click();
    await expect(page).toHaveURL(/\/settings\/capabilities$/);
    await expect(heading(page, 'Droits des rôles')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Utilisateurs' })
      .click();
    await expect(heading(page, 'Utilisateurs')).toBeVisible();
  });

  test('route parameters accept digits only: anything else is the not-found page', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page);
    await page.goto('/bookings/12');
    await expect(page).toHaveURL(/\/bookings\/12\/summary$/);
    await page.goto('/bookings/abc');
    await expect(heading(page, 'Page introuvable')).toBeVisible();
    await expect(page).toHaveURL(/\/bookings\/abc$/);
    await expect(page).toHaveTitle('Page introuvable · Montgolfière');
    await page.goto('/flights/7x');
    await expect(heading(page, 'Page introuvable')).toBeVisible();
    await page.goto('/nulle-part');
    await expect(heading(page, 'Page introuvable')).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('redirect-only routes go where they lead without a React Router warning', async ({ page }) => {
    // The fixture fails the test on any console warning: 'Matched leaf route … does not have an element' was one.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page);
    const booking = await apiPost(await apiSession(), '/api/bookings', {
      number: `RED-${Date.now()}`,
      passengers_number: 1,
    });
    for (const [from, to] of [
      ['/', /\/dashboard$/],
      [`/bookings/${booking.id}`, new RegExp(`/bookings/${booking.id}/summary$`)],
      ['/bookings', /\/bookings\/pending$/],
      ['/other-data', /\/other-data\/business-providers$/],
      ['/settings', /\/settings\/planning$/],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    }
  });
});

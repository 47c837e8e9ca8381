import { expect, heading, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Desktop (1440 px) and tablet (800 px) projects run this file; screenshots go to e2e/test-results/screenshots.

test('login page', async ({ page }, testInfo) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.screenshot({
    path: screenshotPath('login', testInfo.project.name),
    fullPage: true,
    animations: 'disabled',
  });
});

test('navigation: desktop collapses and remembers it, tablet uses a burger and a drawer', async ({
  page,
}, testInfo) => {
  await openSignedIn(page, '/dashboard');
  await expect(heading(page, 'Tableau de bord')).toBeVisible();
  const isDesktop = testInfo.project.name === 'desktop';

  if (isDesktop) {
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('button', { name: 'Réservations' }).click();
    await expect(nav.getByRole('link', { name: 'Périmées' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('dashboard', testInfo.project.name), animations: 'disabled' });
    await nav.getByRole('link', { name: 'En cours' }).click();
    await expect(heading(page, 'Réservations en cours')).toBeVisible();

    await page.getByRole('button', { name: 'Réduire la navigation' }).click();
    await expect(page.getByRole('button', { name: 'Déplier la navigation' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('navigation-collapsed'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Déplier la navigation' })).toBeVisible();
    await page.screenshot({
      path: screenshotPath('collapsed-navigation', testInfo.project.name),
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Vols' }).click();
    await page.getByRole('menuitem', { name: 'Liste des vols' }).click();
    await expect(heading(page, 'Vols')).toBeVisible();
    await page.getByRole('button', { name: 'Déplier la navigation' }).click();
    await expect(page.getByRole('button', { name: 'Réduire la navigation' })).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Réduire la navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir la navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Autres données' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('drawer', testInfo.project.name), animations: 'disabled' });
    await drawer.getByRole('link', { name: 'Autres données' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/other-data\/business-providers$/);
    await expect(heading(page, 'Apporteurs')).toBeVisible();
  }

  // The logo leads home (the dashboard).
  if (!isDesktop) await page.getByRole('button', { name: 'Ouvrir la navigation' }).click();
  await page.getByRole('link', { name: 'Montgolfière : accueil' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('other data, settings, profile and not-found pages', async ({ page }, testInfo) => {
  await openSignedIn(page, '/other-data');
  await expect(page).toHaveURL(/\/other-data\/business-providers$/);
  await page.getByRole('navigation', { name: 'Autres données' }).getByRole('link', { name: 'Ballons' }).click();
  await expect(heading(page, 'Ballons')).toBeVisible();
  // The search placeholder reads whole at 1440 and at 800 px (it was cut to 'Libellé ou immatriculatio').
  const search = await page.getByRole('textbox', { name: 'Rechercher' }).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { placeholder: input.placeholder, text: context.measureText(input.placeholder).width, room };
  });
  expect(search.placeholder).toBe('Libellé ou immatriculation...');
  expect(search.text, JSON.stringify(search)).toBeLessThanOrEqual(search.room);
  await page.screenshot({ path: screenshotPath('other-data', testInfo.project.name), animations: 'disabled' });

  await page.goto('/settings/emails');
  await expect(page).toHaveURL(/\/settings\/emails\/global-settings$/);
  await expect(heading(page, 'Emails')).toBeVisible();
  await page.screenshot({ path: screenshotPath('settings', testInfo.project.name), animations: 'disabled' });

  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();
  await expect(heading(page, 'Mon profil')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('Administrateur');
  await page.screenshot({
    path: screenshotPath('profile', testInfo.project.name),
    fullPage: true,
    animations: 'disabled',
  });

  await page.goto('/bookings/not-a-number');
  await expect(heading(page, 'Page introuvable')).toBeVisible();
  await page.screenshot({ path: screenshotPath('not-found', testInfo.project.name), animations: 'disabled' });
});

test('scrolls to the top on every navigation', async ({ page }) => {
  await openSignedIn(page, '/dashboard');
  // The landing navigation must be over first: its own scroll to the top would undo the one below.
  await expect(heading(page, 'Tableau de bord')).toBeVisible();
  // Make the page taller than the window, scroll down, navigate: the new page starts at the top.
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Menu de / }).click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();
  await expect(heading(page, 'Mon profil')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a browser in another language still shows the native checks in French', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  try {
    await openSignedIn(page, '/other-data/balloons');
    await page.getByRole('button', { name: 'Ajouter un ballon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau ballon' });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(dialog).toBeVisible();
    const label = dialog.getByRole('textbox', { name: 'Libellé' });
    // Still the browser's own check (the dialog stays open, nothing sent), worded in French.
    expect(await label.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      'Veuillez renseigner ce champ.',
    );
    await label.fill('Ciel bleu');
    expect(await label.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
  } finally {
    await context.close();
  }
});

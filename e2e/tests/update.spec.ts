import fs from 'node:fs';
import path from 'node:path';
import { expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

const notice = "Une nouvelle version de l'application est disponible.";

/**
 * A new version waiting to be activated shows a notice with 'Mettre à jour'. A real deployment is
 * simulated without rebuilding: the server serves the built app from a copy (WEB_DIR, made by the global setup),
 * and the test changes that copy's sw.js the way a new build would. The browser's own update check then installs
 * the new worker, which waits (registerType 'prompt') until the user presses the button.
 */
test('a new service worker shows the new-version notice, and "Mettre à jour" activates it', async ({
  page,
}, testInfo) => {
  const swFile = path.join(process.env.E2E_WEB_DIR ?? '', 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    await page.goto('/auth/login');
    // First visit: the worker installs; after a reload it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    await expect(page.getByText(notice)).toBeHidden();

    fs.writeFileSync(swFile, `${original}\n// nouvelle version ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText(notice)).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: screenshotPath('new-version', testInfo.project.name), animations: 'disabled' });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );

    // The waiting worker takes over and the page reloads under it: nothing is waiting any more.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(false);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByText(notice)).toBeHidden();
  } finally {
    fs.writeFileSync(swFile, original);
  }
});

// The launch field's page is its own (terrain.html, not the office's shell): it offers the new version too, so that a
// crew keeping it open all season is not left on an old one.
test('the launch field page offers the new version too', async ({ page }, testInfo) => {
  const swFile = path.join(process.env.E2E_WEB_DIR ?? '', 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    await openSignedIn(page, '/terrain');
    await expect(page.getByRole('status').filter({ hasText: 'Toutes les modifications sont envoyées' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    await expect(page.getByText(notice)).toBeHidden();

    fs.writeFileSync(swFile, `${original}\n// nouvelle version ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText(notice)).toBeVisible({ timeout: 15_000 });
    await page.screenshot({
      path: screenshotPath('new-version-terrain', testInfo.project.name),
      animations: 'disabled',
    });

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(false);
    await expect(page).toHaveURL(/\/terrain$/);
    await expect(page.getByRole('status').filter({ hasText: 'Toutes les modifications sont envoyées' })).toBeVisible();
    await expect(page.getByText(notice)).toBeHidden();
  } finally {
    fs.writeFileSync(swFile, original);
  }
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 32: the API keys' page leads the partner's developer to the OpenAPI description of what a key opens, and the
// link serves it (the production build, its Content-Security-Policy and its routes).

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test('the API keys page links the partners’ OpenAPI description', async ({ page }, testInfo) => {
  await openSignedIn(page, '/settings/api-keys');
  const link = page.getByRole('link', { name: "Description OpenAPI de l'API pour les partenaires" });
  await expect(link).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenshotPath(`settings-api-keys-openapi-${width}`, testInfo.project.name) });
  }
  await page.evaluate(axeSource);
  const serious = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null }[] };
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  expect(serious).toEqual([]);

  const href = await link.getAttribute('href');
  const answer = await page.request.get(href as string);
  expect(answer.status()).toBe(200);
  const document = await answer.json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toContain('/api/remote-orders');
});

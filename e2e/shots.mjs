// Ad-hoc screenshot script (not a test): node e2e/shots.mjs <base> <email> <password> <width> <name> <path> [actions...]
import { chromium } from '@playwright/test';

const [base, email, password, width, name, path, ...actions] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 1000 } });
const errors = [];
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text());
});
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`${base}/auth/login`);
await page.getByLabel('Adresse email').fill(email);
await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
await page.getByRole('button', { name: /connecter/i }).click();
await page.waitForURL(/dashboard/);
await page.goto(`${base}${path}`);
await page.waitForTimeout(1200);
for (const action of actions) {
  const [kind, ...rest] = action.split(':');
  const arg = rest.join(':');
  if (kind === 'click') await page.getByRole('button', { name: arg }).first().click();
  else if (kind === 'clicktext') await page.getByText(arg).first().click();
  else if (kind === 'wait') await page.waitForTimeout(Number(arg));
  else if (kind === 'fill') {
    const [label, value] = arg.split('=');
    await page.getByLabel(label).first().fill(value);
  } else if (kind === 'shot') await page.screenshot({ path: `/tmp/shots/${name}-${arg}.png`, fullPage: true });
  await page.waitForTimeout(400);
}
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
console.log(errors.length ? `console errors: ${errors.join('\n')}` : 'no console errors', page.url());
await browser.close();

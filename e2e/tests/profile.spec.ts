import { ROLE_IDS } from './support/accounts.js';
import { allowConsole, createUser, expect, heading, signIn, test } from './support/fixtures.js';

test('the profile page changes the own name and password', async ({ page }) => {
  const user = await createUser(ROLE_IDS.operator, 'Rémi', 'Profil');
  await page.goto('/profile');
  await signIn(page, user.email, user.password);
  await expect(heading(page, 'Mon profil')).toBeVisible();

  await page.getByLabel('Prénom').fill('Rémy');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Données sauvegardées' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu de Rémy Profil' })).toBeVisible();

  allowConsole(page, /^(Le mot de passe actuel est incorrect\.|La modification du mot de passe a échoué)/);
  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await page.getByLabel('Nouveau mot de passe').fill('Autre-horizon-9');
  await page.getByLabel('Confirmation du mot de passe').fill('Autre-horizon-9');
  await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(page.getByText('Le mot de passe actuel est incorrect.').first()).toBeVisible();

  await page.getByLabel('Mot de passe actuel').fill(user.password);
  await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mot de passe modifié' })).toBeVisible();
  await expect(page.getByLabel('Mot de passe actuel')).toHaveValue('');
});

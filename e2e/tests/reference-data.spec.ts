import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  allowConsole,
  apiPost,
  apiPut,
  apiSession,
  expect,
  heading,
  openSignedIn,
  screenshotPath,
  test,
} from './support/fixtures.js';

// The other-data lists and their reference-data dialogs, end to end in French: for each of the ten entities,
// create (after the browser's required-field check), edit, and find the record again through the list's search or
// one of its filters; then default switching, refused and allowed deletion, the visibility rules of the settings, the balloon
// summary with its maximum takeoff mass calculator, and screenshots at 1440 px (desktop project) and 800 px.

const run = Date.now().toString(36).slice(-5).toUpperCase();

type Find =
  | { kind: 'search'; text: string }
  | { kind: 'text-filter'; label: string; text: string }
  | { kind: 'default' };

type Journey = {
  slug: string;
  /** The sub-navigation link and the page title. */
  title: string;
  endpoint: string;
  add: string;
  createTitle: string;
  editTitle: string;
  /** The required field left empty first. */
  required: string;
  /** Fills the dialog of a new record whose name is `name`. */
  fill: (dialog: Locator, name: string) => Promise<void>;
  /** The field holding the name, changed by the edit. */
  nameField: string;
  /** A record to find it among, created through the API. */
  other: (name: string) => Record<string, unknown>;
  find: (name: string) => Find;
  /** The name as the list shows it. */
  shown?: (name: string) => string;
};

/** An input by its accessible name: required fields' labels end with an aria-hidden '*' that getByLabel would read. */
const field = (scope: Locator | Page, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('spinbutton', { name, exact: true }));

const label = (dialog: Locator, name: string) => field(dialog, 'Libellé').fill(name);

const JOURNEYS: Journey[] = [
  {
    slug: 'balloons',
    title: 'Ballons',
    endpoint: '/api/balloons',
    add: 'Ajouter un ballon',
    createTitle: 'Nouveau ballon',
    editTitle: 'Modifier le ballon',
    required: 'Passagers (capacité)',
    fill: async (dialog, name) => {
      await label(dialog, name);
      await field(dialog, 'Immatriculation').fill(`F-H${run}`);
      await dialog.getByLabel('Type (modèle)').fill(`Ultramagic ${run}`);
      await dialog.getByLabel('Passagers (capacité)').fill('8');
      await dialog.getByLabel('Masse maximale au décollage (kg)').fill('1950');
      await dialog.getByLabel('Masse à vide (kg)').fill('520');
      await dialog.getByLabel('Charge marchande (kg)').fill('680');
      await dialog.getByLabel('Volume (m³)').fill('3000');
      await dialog.getByLabel("Température de l'enveloppe (°C)").fill('100');
    },
    nameField: 'Libellé',
    other: (name) => ({ label: name, passengers: 4, takeoff_max_mass: 1200, type: 'Cameron' }),
    find: () => ({ kind: 'text-filter', label: 'Type', text: `ultramagic ${run}` }),
  },
  {
    slug: 'booking-origins',
    title: 'Origines des réservations',
    endpoint: '/api/booking-origins',
    add: 'Ajouter une origine',
    createTitle: 'Nouvelle origine',
    editTitle: "Modifier l'origine",
    required: 'Libellé',
    fill: label,
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'business-providers',
    title: 'Apporteurs',
    endpoint: '/api/business-providers',
    add: 'Ajouter un apporteur',
    createTitle: 'Nouvel apporteur',
    editTitle: "Modifier l'apporteur",
    required: 'Libellé',
    fill: label,
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'flight-types',
    title: 'Types de vol',
    endpoint: '/api/flight-types',
    add: 'Ajouter un type de vol',
    createTitle: 'Nouveau type de vol',
    editTitle: 'Modifier le type de vol',
    required: 'Libellé',
    fill: async (dialog, name) => {
      await label(dialog, name);
      await dialog.getByRole('switch', { name: /^Type de vol par défaut/ }).check();
    },
    nameField: 'Libellé',
    other: (name) => ({ label: name, is_default: 0 }),
    find: () => ({ kind: 'default' }),
  },
  {
    slug: 'locations',
    title: 'Lieux de vol',
    endpoint: '/api/locations',
    add: 'Ajouter un lieu de vol',
    createTitle: 'Nouveau lieu de vol',
    editTitle: 'Modifier le lieu de vol',
    required: 'Libellé',
    fill: async (dialog, name) => {
      await label(dialog, name);
      await dialog.getByLabel('Altitude de décollage (m)').fill('180');
      await dialog.getByLabel('Altitude maximale de vol (m)').fill('1500');
      await field(dialog, 'Facteurs de risque').fill('Lignes haute tension à l’est du terrain.');
    },
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'passenger-types',
    title: 'Qualités des passagers',
    endpoint: '/api/passenger-types',
    add: 'Ajouter une qualité',
    createTitle: 'Nouvelle qualité de passager',
    editTitle: 'Modifier la qualité de passager',
    required: 'Libellé',
    fill: label,
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'payment-methods',
    title: 'Moyens de paiement',
    endpoint: '/api/payment-methods',
    add: 'Ajouter un moyen de paiement',
    createTitle: 'Nouveau moyen de paiement',
    editTitle: 'Modifier le moyen de paiement',
    required: 'Libellé',
    fill: label,
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'pilots',
    title: 'Pilotes',
    endpoint: '/api/pilots',
    add: 'Ajouter un pilote',
    createTitle: 'Nouveau pilote',
    editTitle: 'Modifier le pilote',
    required: 'Prénom',
    fill: async (dialog, name) => {
      await field(dialog, 'Prénom').fill('Amélie');
      await field(dialog, 'Nom').fill(name);
      await field(dialog, 'Email').fill(`amelie.${run.toLowerCase()}@example.test`);
      await field(dialog, 'Téléphone').clear();
      await field(dialog, 'Téléphone').pressSequentially('0612.34-5678');
      await expect(field(dialog, 'Téléphone')).toHaveValue('06 12 34 56 78');
      await dialog.getByLabel('Poids (kg)').fill('68');
      await dialog.getByLabel('Poids du sac (kg)').fill('9');
    },
    nameField: 'Nom',
    other: (name) => ({ first_name: 'Bruno', last_name: name }),
    find: (name) => ({ kind: 'text-filter', label: 'Nom', text: name }),
    shown: (name) => `${name.toLocaleUpperCase('fr-FR')} Amélie`,
  },
  {
    slug: 'prestations',
    title: 'Prestations',
    endpoint: '/api/prestations',
    add: 'Ajouter une prestation',
    createTitle: 'Nouvelle prestation',
    editTitle: 'Modifier la prestation',
    required: 'Libellé',
    fill: label,
    nameField: 'Libellé',
    other: (name) => ({ label: name }),
    find: (name) => ({ kind: 'search', text: name }),
  },
  {
    slug: 'teammates',
    title: 'Équipiers',
    endpoint: '/api/teammates',
    add: 'Ajouter un équipier',
    createTitle: 'Nouvel équipier',
    editTitle: "Modifier l'équipier",
    required: 'Nom',
    fill: async (dialog, name) => {
      await field(dialog, 'Prénom').fill('Paul');
      await field(dialog, 'Nom').fill(name);
      await field(dialog, 'Téléphone').clear();
      await field(dialog, 'Téléphone').pressSequentially('0798765432');
    },
    nameField: 'Nom',
    other: (name) => ({ first_name: 'Zoé', last_name: name }),
    find: (name) => ({ kind: 'text-filter', label: 'Nom', text: name }),
  },
];

/** Rows of the list: table rows from 1024 px, cards below. */
const rows = (page: Page) => page.locator('main').locator('tbody tr, ul[aria-label] > li');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const saved = (page: Page) => page.getByRole('alert').filter({ hasText: 'Données sauvegardées' }).first();

async function openOtherData(page: Page, title: string) {
  await page
    .getByRole('navigation', { name: 'Autres données' })
    .getByRole('link', { name: title, exact: true })
    .click();
  await expect(heading(page, title)).toBeVisible();
}

async function find(page: Page, how: Find) {
  if (how.kind === 'search') {
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(how.text);
    return;
  }
  await page.getByRole('button', { name: 'Filtres' }).click();
  if (how.kind === 'default') await page.getByRole('switch', { name: 'Par défaut uniquement' }).check();
  else await field(page, how.label).fill(how.text);
}

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await apiSession();
});
test.afterAll(async () => {
  await api.dispose();
});

test.describe('each reference entity: create, edit, find', () => {
  // Ten independent journeys (their own names), spread over the free browsers: one after the other they were the
  // suite's last minute, started late by the files' order.
  test.describe.configure({ mode: 'parallel' });
  for (const journey of JOURNEYS) {
    test(journey.title, async ({ page }, testInfo) => {
      const name = `${journey.title.split(' ')[0]} ${run}`;
      const renamed = `${name} bis`;
      const shown = journey.shown ?? ((text: string) => text);
      await apiPost(api, journey.endpoint, journey.other(`Autre ${run}`));
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes(journey.endpoint)) posts.push(request.url());
      });

      await openSignedIn(page, '/other-data');
      await openOtherData(page, journey.title);

      // Create: the browser refuses the empty required field; nothing is sent.
      await page.getByRole('button', { name: journey.add }).click();
      const create = page.getByRole('dialog', { name: journey.createTitle });
      await journey.fill(create, name);
      const required = field(create, journey.required);
      await required.fill('');
      await create.getByRole('button', { name: 'Valider' }).click();
      expect(await required.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
      await expect(create).toBeVisible();
      expect(posts).toEqual([]);
      await journey.fill(create, name);
      await page.screenshot({ path: screenshotPath(`reference-${journey.slug}-dialog`, testInfo.project.name) });
      await create.getByRole('button', { name: 'Valider' }).click();
      await expect(saved(page)).toBeVisible();
      await expect(create).toBeHidden();
      expect(posts).toHaveLength(1);

      // Edit it from its row.
      await rowOf(page, shown(name))
        .first()
        .getByRole('button', { name: /^Modifier/ })
        .click();
      const edit = page.getByRole('dialog', { name: journey.editTitle });
      await expect(field(edit, journey.nameField)).toHaveValue(name);
      await field(edit, journey.nameField).fill(renamed);
      await edit.getByRole('button', { name: 'Valider' }).click();
      await expect(edit).toBeHidden();

      // Find it again: only it remains, the other record of this run is filtered out.
      await find(page, journey.find(renamed));
      await expect(rowOf(page, `Autre ${run}`)).toHaveCount(0);
      await expect(rowOf(page, shown(renamed))).toHaveCount(1);
      await page.screenshot({ path: screenshotPath(`reference-${journey.slug}`, testInfo.project.name) });
    });
  }
});

test('a new default replaces the previous one', async ({ page }) => {
  const first = await apiPost(api, '/api/pilots', { first_name: 'Jean', last_name: `Premier ${run}`, is_default: 1 });
  await openSignedIn(page, '/other-data/pilots');
  await expect(rowOf(page, `Premier ${run}`).getByText('Par défaut')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un pilote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau pilote' });
  await field(dialog, 'Prénom').fill('Luc');
  await field(dialog, 'Nom').fill(`Second ${run}`);
  await dialog.getByRole('switch', { name: /^Pilote par défaut/ }).check();
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(rowOf(page, `Second ${run}`).getByText('Par défaut')).toBeVisible();
  await expect(rowOf(page, `Premier ${run}`).getByText('Par défaut')).toHaveCount(0);
  const defaults = await (await api.get(`/api/pilots?filters=${encodeURIComponent('is_default|=|1')}`)).json();
  expect(defaults.map((pilot: { last_name: string }) => pilot.last_name)).toEqual([`Second ${run}`]);
  expect(first.id).toBeGreaterThan(0);
});

test('deletion: refused with the reason while flights use the balloon, done once nothing does', async ({ page }) => {
  // The refusal is logged with its response, on purpose here.
  allowConsole(page, /^Ce ballon est utilisé par 1 vol : suppression impossible\./);
  const used = await apiPost(api, '/api/balloons', { label: `Utilisé ${run}`, passengers: 6, takeoff_max_mass: 1800 });
  await apiPost(api, '/api/flights', {
    scheduled_date: '2026-07-14',
    scheduled_time: '06:30',
    balloon_id: used.id,
    flight_status_id: 1,
  });
  await apiPost(api, '/api/balloons', { label: `Libre ${run}`, passengers: 2, takeoff_max_mass: 900 });
  await openSignedIn(page, '/other-data/balloons');
  // The other tests' balloons fill more than a page: this run's two are found by their label.
  await page.getByPlaceholder('Libellé ou immatriculation...').fill(run);

  await rowOf(page, `Utilisé ${run}`)
    .getByRole('button', { name: /^Supprimer/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Suppression définitive...' });
  await expect(confirm.getByText(`Le ballon « Utilisé ${run} » sera supprimé définitivement.`)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await confirm.getByRole('switch', { name: 'Je confirme la suppression définitive' }).check();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ce ballon est utilisé par 1 vol : suppression impossible.' }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, `Utilisé ${run}`)).toHaveCount(1);

  await rowOf(page, `Libre ${run}`)
    .getByRole('button', { name: /^Supprimer/ })
    .click();
  await confirm.getByRole('switch', { name: 'Je confirme la suppression définitive' }).check();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, `Libre ${run}`)).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Élément supprimé' })).toBeVisible();
});

test('visibility rules (ticketing, planning widgets) follow the settings', async ({ page }, testInfo) => {
  try {
    await visibilityJourney(page, testInfo);
  } finally {
    // Off again whatever happened: the other journeys expect the default settings.
    await apiPut(api, '/api/settings', { settings: { ticketing_enabled: 0, planning_widgets_enabled: 0 } });
  }
});

async function visibilityJourney(page: Page, testInfo: TestInfo): Promise<void> {
  await apiPut(api, '/api/settings', { settings: { ticketing_enabled: 0, planning_widgets_enabled: 0 } });
  await apiPost(api, '/api/ticket-templates', { label: `Billet ${run}`, template_base: 'classic' });
  await openSignedIn(page, '/other-data/prestations');
  await page.getByRole('button', { name: 'Ajouter une prestation' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nouvelle prestation' });
  await expect(field(dialog, 'Libellé')).toBeVisible();
  await expect(dialog.getByLabel('Modèle de billet', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await openOtherData(page, 'Lieux de vol');
  await page.getByRole('button', { name: 'Ajouter un lieu de vol' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouveau lieu de vol' });
  await expect(dialog.getByRole('switch', { name: /^Lieu de vol par défaut/ })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /^Lieu restrictif/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await apiPut(api, '/api/settings', { settings: { ticketing_enabled: 1, planning_widgets_enabled: 1 } });
  await page.reload();
  await page.getByRole('button', { name: 'Ajouter un lieu de vol' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouveau lieu de vol' });
  await expect(dialog.getByRole('switch', { name: /^Lieu restrictif/ })).toBeChecked();
  await page.screenshot({ path: screenshotPath('reference-location-widgets-dialog', testInfo.project.name) });
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await openOtherData(page, 'Prestations');
  await page.getByRole('button', { name: 'Ajouter une prestation' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouvelle prestation' });
  await expect(dialog.getByLabel('Modèle de billet', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
}

test('balloon summary: flights count and the maximum takeoff mass calculator', async ({ page }, testInfo) => {
  // The maximum takeoff mass by hand: 15 °C, 1000 m max, takeoff 200 m, 3000 m³, envelope 100 °C → 9,80 °C, 898,75 hPa, 802 kg.
  await apiPost(api, '/api/locations', {
    label: `Terrain ${run}`,
    is_default: 1,
    takeoff_altitude: 200,
    flight_max_altitude: 1000,
  });
  const balloon = await apiPost(api, '/api/balloons', {
    label: `Calcul ${run}`,
    registration_number: `F-GC${run}`,
    passengers: 8,
    takeoff_max_mass: 1950,
    volume: 3000,
    envelope_temperature: 100,
  });
  for (const time of ['06:30', '19:00']) {
    await apiPost(api, '/api/flights', {
      scheduled_date: '2026-08-01',
      scheduled_time: time,
      balloon_id: balloon.id,
      flight_status_id: 1,
    });
  }
  await openSignedIn(page, '/other-data/balloons');
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`Calcul ${run}`);
  await rowOf(page, `Calcul ${run}`).first().click();
  await expect(page).toHaveURL(new RegExp(`/other-data/balloons/${balloon.id}/summary$`));
  await expect(page.getByRole('group', { name: 'Vols' })).toContainText('2 vols');
  await expect(page.getByRole('group', { name: 'Capacité et masses' })).toContainText('1 950');
  await page.screenshot({ path: screenshotPath('reference-balloon-summary', testInfo.project.name), fullPage: true });

  await page.getByRole('button', { name: 'Calculateur de masse' }).click();
  const calculator = page.getByRole('dialog', { name: 'Calculateur de masse maximale au décollage' });
  await expect(calculator.getByLabel('Volume du ballon (m³)')).toHaveValue('3000');
  await expect(calculator.getByLabel("Température de l'enveloppe (°C)")).toHaveValue('100');
  await expect(calculator.getByLabel('Altitude de décollage (m)')).toHaveValue('200');
  await expect(calculator.getByLabel('Altitude maximale (m)')).toHaveValue('1000');
  await calculator.getByLabel('Température au sol (°C)').fill('15');
  const result = (name: string) => calculator.getByRole('group', { name }).getByRole('status');
  const normalized = async (locator: Locator) => (await locator.textContent())?.replace(/\s/g, ' ');
  await expect(result("Température extérieure à l'altitude maximale")).toHaveText(/9,80\s°C/);
  expect(await normalized(result("Pression à l'altitude maximale"))).toBe('898,75 hPa');
  expect(await normalized(result('Masse maximale au décollage'))).toBe('802 kg');
  await calculator.getByLabel('Volume du ballon (m³)').fill('4000');
  await expect(result('Masse maximale au décollage')).toHaveText(/1\s070\skg/);
  await page.screenshot({ path: screenshotPath('reference-calculator', testInfo.project.name) });
  // The footer button (the header's cross has the same name).
  await calculator.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(calculator).toBeHidden();
});

test.describe('at 800 px (tablet)', () => {
  test.use({ viewport: { width: 800, height: 1100 }, hasTouch: true });

  test('every list and its dialog stay readable', async ({ page }) => {
    await openSignedIn(page, '/other-data');
    for (const journey of JOURNEYS) {
      // A row of its own: the journeys that create the others may run at the same time in other browsers.
      await apiPost(api, journey.endpoint, journey.other(`Tablette ${run}`));
      await page.goto(`/other-data/${journey.slug}`);
      await expect(heading(page, journey.title)).toBeVisible();
      await expect(rows(page).first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${journey.slug} overflows horizontally`).toBeLessThanOrEqual(800);
      await page.screenshot({ path: screenshotPath(`reference-${journey.slug}`, 'tablet'), fullPage: true });
      await page.getByRole('button', { name: journey.add }).click();
      const dialog = page.getByRole('dialog', { name: journey.createTitle });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: screenshotPath(`reference-${journey.slug}-dialog`, 'tablet') });
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();
    }
    const [balloon] = await (await api.get('/api/balloons?order=id|DESC')).json();
    await page.goto(`/other-data/balloons/${balloon.id}/summary`);
    await expect(page.getByRole('group', { name: 'Vols' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('reference-balloon-summary', 'tablet'), fullPage: true });
    await page.getByRole('button', { name: 'Calculateur de masse' }).click();
    await expect(page.getByRole('dialog', { name: 'Calculateur de masse maximale au décollage' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('reference-calculator', 'tablet') });
  });
});

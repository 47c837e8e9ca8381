import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import {
  apiPost,
  apiSession,
  expect,
  heading,
  openSignedIn,
  test,
  unstyledMantineClasses,
} from './support/fixtures.js';

// Issue 27: WCAG 2.1 AA on every main screen, kept. axe-core (pinned in e2e/package.json) runs on each screen at
// 1440 and 800 px and any serious or critical violation fails the test, listed screen by screen. axe's source goes
// in through page.evaluate, which the app's Content-Security-Policy (script-src 'self') does not govern: the
// production policy stays as it is. No screen shows a '§' (the specification's sections are not the user's words).
// Each screen's Mantine classes have their styles: the office takes only its components' (mantine-styles-plugin.ts).

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; summary: string }[] };

/** Rules run: WCAG 2.0 and 2.1, A and AA, and axe's best practices (issue 27 counted with these). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const run = Date.now().toString(36).slice(-5).toUpperCase();

async function seed() {
  const api = await apiSession();
  // The server's 'today': the planning opens on its week, the dashboard lists its flights.
  const { today } = await (await api.get('/api/dashboard')).json();
  const type = await apiPost(api, '/api/passenger-types', { label: `Adulte ${run}` });
  const balloon = await apiPost(api, '/api/balloons', {
    label: `F-AX${run}`,
    passengers: 3,
    takeoff_max_mass: 1500,
    market_mass: 300,
    empty_mass: 350,
    gas_mass: 120,
    volume: 4000,
    envelope_temperature: 100,
  });
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: today,
    scheduled_time: '19:30',
    balloon_id: balloon.id,
    flight_status_id: 1,
    takeoff_temperature: 15,
    flight_max_altitude: 1000,
  });
  // Booked for three, two passengers known and registered: 'Incomplet', one place left (the warning tags).
  const booking = await apiPost(api, '/api/bookings', { number: `AX-${run}`, passengers_number: 3 });
  for (const [i, first] of ['Hélène', 'Joël'].entries()) {
    const passenger = await apiPost(api, '/api/passengers', {
      booking_id: booking.id,
      ticket_number: `AX-${run}-${i}`,
      first_name: first,
      last_name: `Accès${run}`,
      passenger_type_id: type.id,
      weight: 70 + i,
      is_referent: i === 0 ? 1 : 0,
    });
    await apiPost(api, '/api/registrations', { flight_id: flight.id, passenger_id: passenger.id });
  }
  // Passengers waiting for today: the planning's day tag.
  const waiting = await apiPost(api, '/api/bookings', { number: `AX-${run}-W`, passengers_number: 2 });
  await apiPost(api, '/api/requested-dates', { booking_id: waiting.id, date: today });
  await api.dispose();
  return { booking, flight, balloon };
}

let seeded: Seeded;
test.beforeAll(async () => {
  seeded = await seed();
});

/** Waits for the screen's data: no table or calendar busy, no loader, no 'Chargement...'. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  await expect(page.getByText('Chargement...')).toHaveCount(0);
}

/** Serious and critical violations of the page as shown, and a '§' shown, one line each. */
async function violations(page: Page, screen: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, summary: (n.failureSummary ?? '').replace(/\s+/g, ' ') })),
    }));
  }, TAGS);
  const text = await page.locator('body').innerText();
  const at = text.indexOf('§');
  const leak = at < 0 ? [] : [`${screen}: shows '§' in "${text.slice(Math.max(0, at - 30), at + 10).trim()}"`];
  const unstyled = (await unstyledMantineClasses(page)).map((name) => `${screen}: Mantine class ${name} has no styles`);
  return (found as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${screen}: ${v.id} (${v.impact}, ${v.help}) at ${n.target.join(' ')}: ${n.summary}`),
    )
    .concat(leak, unstyled);
}

type Seeded = Awaited<ReturnType<typeof seed>>;
type Screen = {
  name: string;
  path: string | ((seeded: Seeded) => string);
  title: string | RegExp;
  /** What to wait for or do before the check, past the heading. */
  shown?: (page: Page) => Promise<void>;
  /** Checked at 800 px too: the screens whose layout differs there (drawer, tables as cards, stacked cards). */
  isTablet?: true;
};

/** Opens each screen (signed in), checks it, and fails once at the end with every violation found. */
async function check(page: Page, screens: Screen[]): Promise<void> {
  test.setTimeout(60_000 + 40_000 * screens.length);
  await openSignedIn(page, '/dashboard');
  const found: string[] = [];
  for (const screen of screens) {
    await page.goto(typeof screen.path === 'string' ? screen.path : screen.path(seeded));
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    await screen.shown?.(page);
    found.push(...(await violations(page, screen.name)));
  }
  expect(found, "serious or critical accessibility violations, or a '§'").toEqual([]);
}

const booking = `AX-${run}`;
const SCREENS: Record<string, Screen[]> = {
  'dashboard and bookings': [
    { name: 'dashboard', path: '/dashboard', title: 'Tableau de bord', isTablet: true },
    { name: 'bookings pending', path: '/bookings/pending', title: 'Réservations en attente', isTablet: true },
    {
      name: 'booking summary',
      path: (s) => `/bookings/${s.booking.id}/summary`,
      title: `Réservation ${booking}`,
      isTablet: true,
    },
    {
      name: 'booking passengers',
      path: (s) => `/bookings/${s.booking.id}/passengers`,
      title: `Réservation ${booking}`,
      shown: (page) => expect(page.getByText(`Hélène Accès${run}`).first()).toBeVisible(),
    },
    { name: 'booking tickets', path: (s) => `/bookings/${s.booking.id}/tickets`, title: `Réservation ${booking}` },
  ],
  'planning and flights': [
    {
      name: 'planning week',
      path: '/planning',
      title: 'Planning',
      shown: (page) => expect(page.getByRole('radio', { name: 'Semaine' })).toBeChecked(),
      isTablet: true,
    },
    {
      name: 'planning month',
      path: '/planning',
      title: 'Planning',
      shown: async (page) => {
        await page.getByText('Mois', { exact: true }).click();
        await expect(page.getByRole('radio', { name: 'Mois' })).toBeChecked();
      },
    },
    { name: 'flights', path: '/flights', title: 'Vols', isTablet: true },
    { name: 'flight summary', path: (s) => `/flights/${s.flight.id}/summary`, title: /^Vol du /, isTablet: true },
    {
      name: 'operating plan',
      path: (s) => `/flights/${s.flight.id}/operating-plan`,
      title: /^Vol du /,
      shown: (page) => expect(page.getByText('Calculée pour ce vol')).toBeVisible(),
    },
  ],
  'other data': [
    ...(
      [
        ['balloons', 'Ballons'],
        ['booking-origins', 'Origines des réservations'],
        ['business-providers', 'Apporteurs'],
        ['flight-types', 'Types de vol'],
        ['locations', 'Lieux de vol'],
        ['passenger-types', 'Qualités des passagers'],
        ['payment-methods', 'Moyens de paiement'],
        ['pilots', 'Pilotes'],
        ['prestations', 'Prestations'],
        ['teammates', 'Équipiers'],
      ] as const
    ).map(
      ([slug, title]): Screen => ({
        name: slug,
        path: `/other-data/${slug}`,
        title,
        isTablet: slug === 'balloons' || undefined,
      }),
    ),
    // Its own label as the page's title, not the route's generic 'Ballon'.
    {
      name: 'balloon summary',
      path: (s) => `/other-data/balloons/${s.balloon.id}/summary`,
      title: `F-AX${run}`,
      isTablet: true,
    },
  ],
  settings: (
    [
      ['planning', 'Planning'],
      ['ticket-templates', 'Modèles de billet'],
      ['emails/global-settings', 'Emails'],
      ['emails/email-templates', 'Emails'],
      ['operational-flight-plan', 'Plan de vol opérationnel'],
      ['backups', 'Sauvegardes'],
      ['capabilities', 'Droits des rôles'],
      ['api-keys', "Clés d'API"],
      ['widgets', 'Widgets'],
      ['online-shop', 'Boutique en ligne'],
    ] as const
  ).map(([slug, title]): Screen => ({ name: `settings/${slug}`, path: `/settings/${slug}`, title })),
  'users, profile and history': [
    { name: 'users', path: '/users', title: 'Utilisateurs', isTablet: true },
    { name: 'profile', path: '/profile', title: 'Mon profil' },
    { name: 'history', path: '/history', title: 'Historique' },
  ],
};

async function checkSignInPages(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await expect(heading(page, 'Connexion')).toBeVisible();
  const found = await violations(page, 'login');
  await page.getByRole('link', { name: /Mot de passe oublié/ }).click();
  await expect(heading(page, 'Mot de passe oublié')).toBeVisible();
  found.push(...(await violations(page, 'lost-password')));
  expect(found, "serious or critical accessibility violations, or a '§'").toEqual([]);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('the sign-in pages', ({ page }) => checkSignInPages(page));
  for (const [group, screens] of Object.entries(SCREENS)) {
    test(group, ({ page }) => check(page, screens));
  }
});

// A screen of each kind (the other lists and settings pages are made of the same components): the burger's layout,
// data lists shown as cards, summary cards stacked.
test.describe('at 800 px', () => {
  test.use({ viewport: { width: 800, height: 1100 }, hasTouch: true });
  test('the sign-in pages', ({ page }) => checkSignInPages(page));
  const tablet = Object.values(SCREENS)
    .flat()
    .filter((screen) => screen.isTablet);
  const half = Math.ceil(tablet.length / 2);
  test('dashboard, bookings and planning', ({ page }) => check(page, tablet.slice(0, half)));
  test('flights, other data and users', ({ page }) => check(page, tablet.slice(half)));
});

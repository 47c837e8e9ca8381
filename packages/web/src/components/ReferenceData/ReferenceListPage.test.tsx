import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationsConfig } from '../../features/locations/locations.config';
import { pilotsConfig } from '../../features/pilots/pilots.config';
import { prestationsConfig } from '../../features/prestations/prestations.config';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import { AFTER_CLOSE, type FakeCall, fakeFetch, pageOf, setScreenWidth } from '../test-utils';
import { ReferenceListPage } from './ReferenceListPage';
import type { ReferenceEntityConfig, ReferenceRecord } from './types';

// The generic list page and dialog, driven by real entity definitions against a fake server (components/test-utils).

type Rows = Record<string, ReferenceRecord[]>;
let fake: ReturnType<typeof fakeFetch>;
let restoreScreen = () => {};

function signIn(settings: { planningWidgetsEnabled?: boolean; ticketingEnabled?: boolean } = {}) {
  const me = sessionFixture();
  resetSessionStoreForTests({
    status: 'authenticated',
    me: { ...me, settings: { ...me.settings, ...settings } },
  });
}

function serve(rows: Rows, write: (call: FakeCall) => { status?: number; body?: unknown } = () => ({})) {
  fake = fakeFetch((call) => {
    if (call.method !== 'GET') return write(call);
    const data = rows[call.url.pathname] ?? [];
    return { body: call.url.searchParams.has('page') ? pageOf(data, 1, data.length) : data };
  });
}

function renderPage<T extends ReferenceRecord>(config: ReferenceEntityConfig<T>) {
  // renderWithProviders holds the ModalsProvider the deletion confirmation opens in.
  renderWithProviders(<ReferenceListPage config={config} />);
  return userEvent.setup();
}

const writes = () => fake.calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  localStorage.clear();
  restoreScreen = setScreenWidth(1440);
});
afterEach(() => {
  // Unmount before forgetting the session: a mounted page would re-render without a user.
  cleanup();
  fake.restore();
  restoreScreen();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
  vi.restoreAllMocks();
});

// Typing into dialogs in jsdom takes seconds.
describe('ReferenceListPage', { timeout: 20_000 }, () => {
  it('lists with the columns of the definition, in the default order, with the default tagged', async () => {
    signIn();
    serve({
      '/api/pilots': [
        {
          id: 1,
          full_name: 'Amélie Lefèvre',
          first_name: 'Amélie',
          last_name: 'Lefèvre',
          is_default: 1,
          email: 'a@x.fr',
          phone: '06 12 34 56 78',
          weight: 68.5,
          bag_weight: null,
        },
      ],
    });
    renderPage(pilotsConfig);
    const table = await screen.findByRole('table', { name: 'Pilotes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Nom complet',
      'Email',
      'Téléphone',
      'Poids',
      'Poids du sac',
      'Licence',
      'Carnet de vol',
      'Actions',
    ]);
    const row = await within(table).findByRole('row', { name: /LEFÈVRE Amélie/ });
    // Listed people read 'NOM Prénom', the order they are sorted in (docs/decisions.md).
    expect(within(row).getByText('LEFÈVRE Amélie')).toBeInTheDocument();
    expect(within(row).getByText('Par défaut')).toBeInTheDocument();
    expect(within(row).getByText('68,5 kg')).toBeInTheDocument();
    const list = fake.calls.find((call) => call.url.pathname === '/api/pilots');
    expect(list?.url.searchParams.get('order')).toBe('last_name|ASC,first_name|ASC');
  });

  it('creates through the dialog: the browser blocks an empty required field, then it saves and says so', async () => {
    signIn();
    serve({ '/api/pilots': [] }, () => ({ status: 201, body: { id: 9 } }));
    const user = renderPage(pilotsConfig);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un pilote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau pilote' });
    expect(within(dialog).getByRole('textbox', { name: 'Prénom' })).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(within(dialog).getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('type', 'tel');

    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(writes()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Amélie');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Lefèvre');
    await user.type(within(dialog).getByRole('textbox', { name: 'Téléphone' }), '0612345678');
    expect(within(dialog).getByRole('textbox', { name: 'Téléphone' })).toHaveValue('06 12 34 56 78');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Poids (kg)' }), '68');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      body: {
        first_name: 'Amélie',
        last_name: 'Lefèvre',
        email: '',
        phone: '06 12 34 56 78',
        weight: 68,
        bag_weight: null,
        is_default: 0,
      },
    });
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), AFTER_CLOSE);
  });

  it('edits the row it was opened from and keeps the dialog open with the field error on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    serve(
      { '/api/locations': [{ id: 4, label: 'Amboise', is_default: 0, is_restrictive: 1, takeoff_altitude: 62 }] },
      () => ({
        status: 422,
        body: { message: 'invalide', errors: { label: ['Ce champ est obligatoire.'] } },
      }),
    );
    const user = renderPage(locationsConfig);
    await user.click(await screen.findByRole('button', { name: 'Modifier Amboise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le lieu de vol' });
    expect(within(dialog).getByRole('textbox', { name: 'Libellé' })).toHaveValue('Amboise');
    expect(within(dialog).getByRole('spinbutton', { name: 'Altitude de décollage (m)' })).toHaveValue(62);
    // Planning widgets off: no restrictive switch.
    expect(within(dialog).queryByRole('switch', { name: /restrictif/i })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('La modification du lieu de vol a échoué')).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: 'PUT' });
    expect(writes()[0]?.url.pathname).toBe('/api/locations/4');
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Modifier le lieu de vol' })).toBeInTheDocument();
  });

  it('shows the restrictive switch, column and filter once planning widgets are on', async () => {
    signIn({ planningWidgetsEnabled: true });
    serve({ '/api/locations': [{ id: 4, label: 'Amboise', is_default: 0, is_restrictive: 1 }] });
    const user = renderPage(locationsConfig);
    const table = await screen.findByRole('table', { name: 'Lieux de vol' });
    expect(within(table).getByRole('columnheader', { name: /Restrictif/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter un lieu de vol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lieu de vol' });
    // The switch's accessible name holds its description too (Mantine puts both in the label).
    expect(within(dialog).getByRole('switch', { name: /^Lieu restrictif/ })).toBeChecked();
  });

  it('offers the ticket template of a prestation only with ticketing', async () => {
    signIn({ ticketingEnabled: true });
    serve({
      '/api/prestations': [{ id: 2, label: 'Vol découverte', is_default: 0, ticket_template_id: null }],
      '/api/ticket-templates': [{ id: 7, label: 'Billet standard' }],
    });
    const user = renderPage(prestationsConfig);
    await user.click(await screen.findByRole('button', { name: 'Modifier Vol découverte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la prestation' });
    expect(within(dialog).getByLabelText('Modèle de billet')).toBeInTheDocument();
    const templates = fake.calls.find((call) => call.url.pathname === '/api/ticket-templates');
    expect(templates?.url.searchParams.get('order')).toBe('label|ASC');
  });

  it('hides the ticket template without ticketing', async () => {
    signIn();
    serve({ '/api/prestations': [{ id: 2, label: 'Vol découverte', is_default: 0, ticket_template_id: 7 }] });
    const user = renderPage(prestationsConfig);
    await user.click(await screen.findByRole('button', { name: 'Modifier Vol découverte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la prestation' });
    expect(within(dialog).queryByLabelText('Modèle de billet')).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.url.pathname === '/api/ticket-templates')).toBe(false);
  });

  it("refuses a deletion the server refuses, with the server's reason, and keeps the row", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const refusal = 'Ce lieu de vol est utilisé par 12 réservations : suppression impossible.';
    serve({ '/api/locations': [{ id: 4, label: 'Amboise', is_default: 0, is_restrictive: 1 }] }, () => ({
      status: 409,
      body: { message: refusal },
    }));
    const user = renderPage(locationsConfig);
    await user.click(await screen.findByRole('button', { name: 'Supprimer Amboise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suppression définitive...' });
    expect(within(dialog).getByText('Le lieu de vol « Amboise » sera supprimé définitivement.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: 'DELETE' });
    expect(screen.getByRole('dialog', { name: 'Suppression définitive...' })).toBeInTheDocument();
  });
});

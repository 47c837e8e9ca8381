import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch, setScreenWidth } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import RemoteOrdersPage from './RemoteOrdersPage';

// The remote-orders page against a fake server answering as docs/api.md documents (GET /api/remote-orders,
// POST /api/remote-orders/import, DELETE /api/remote-orders/{file}): the import dialog states (in progress, success, partial, failed).

let fake: ReturnType<typeof fakeFetch>;
let restoreScreen = () => {};

const entry = (file: string, state: string, values: Record<string, unknown> = {}) => ({
  file,
  state,
  size: 420,
  modified_at: '2026-05-02T08:00:00.000Z',
  bookings: [],
  errors: [],
  imported_at: null,
  ...values,
});

function serve(importAnswer: (call: FakeCall) => FakeAnswer) {
  fake = fakeFetch((call) => {
    if (call.method === 'GET') {
      return {
        body: {
          data: [
            entry('smartbox.json', 'waiting'),
            entry('wonderbox.csv', 'imported', {
              bookings: [{ id: 7, number: '2026-00007' }],
              errors: ['Ligne 3 : poids'],
            }),
            entry('old.json', 'failed', { errors: ['Fichier JSON invalide : le contenu ne peut pas être lu.'] }),
          ],
        },
      };
    }
    if (call.url.pathname === '/api/remote-orders/import') return importAnswer(call);
    return { status: 204 };
  });
}

beforeEach(() => {
  restoreScreen = setScreenWidth(1440);
});
afterEach(() => {
  cleanup();
  fake.restore();
  restoreScreen();
  act(() => cleanNotifications());
});

async function openImport(file = 'smartbox.json') {
  const user = userEvent.setup();
  renderWithProviders(<RemoteOrdersPage />);
  const waiting = await screen.findByRole('table', { name: 'Fichiers en attente' });
  const row = (await within(waiting).findByText(file)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Importer' }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Import de ${file}` }) };
}

describe('RemoteOrdersPage', { timeout: 20_000 }, () => {
  it('lists waiting, imported (with the booking link) and failed files (with their errors)', async () => {
    serve(() => ({}));
    renderWithProviders(<RemoteOrdersPage />);
    const imported = await screen.findByRole('table', { name: 'Fichiers importés' });
    expect(await within(imported).findByRole('link', { name: '2026-00007' })).toHaveAttribute('href', '/bookings/7');
    const failed = screen.getByRole('table', { name: 'Fichiers en échec' });
    expect(within(failed).getByText('Fichier JSON invalide : le contenu ne peut pas être lu.')).toBeInTheDocument();
  });

  it('shows a partial import with the booking link and the error list', async () => {
    serve(() => ({
      body: {
        status: 'partial',
        booking: { id: 12, number: '2026-00012' },
        bookings: [{ id: 12, number: '2026-00012', created: true }],
        errors: ['Passager 1, poids : nombre entre 1 et 300 attendu.'],
      },
    }));
    const { dialog } = await openImport();
    expect(await within(dialog).findByText('Import partiel')).toBeInTheDocument();
    expect(within(dialog).getByText('Passager 1, poids : nombre entre 1 et 300 attendu.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Voir la réservation' })).toHaveAttribute('href', '/bookings/12');
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ file: 'smartbox.json' });
  });

  it('shows a failure with its errors and deletes the file only after the confirmation switch', async () => {
    serve(() => ({
      status: 422,
      body: {
        message: "L'import de la commande a échoué.",
        status: 'failed',
        booking: null,
        bookings: [],
        errors: ['Prestation inconnue : « Vol de nuit ».'],
      },
    }));
    const { user, dialog } = await openImport();
    expect(await within(dialog).findByText("L'import a échoué")).toBeInTheDocument();
    expect(within(dialog).getByText('Prestation inconnue : « Vol de nuit ».')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Voir la réservation' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le fichier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suppression définitive...' });
    const remove = within(confirm).getByRole('button', { name: 'Supprimer' });
    expect(remove).toBeDisabled();
    await user.click(within(confirm).getByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(remove);
    expect(await screen.findByText('Fichier supprimé')).toBeInTheDocument();
    const deletion = fake.calls.find((c) => c.method === 'DELETE');
    expect(deletion?.url.pathname).toBe('/api/remote-orders/smartbox.json');
  });
});

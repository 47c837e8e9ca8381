import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import type { Booking } from './booking-model';
import { ShopImportButton, ShopSyncNotifications } from './ShopImport';

// The shop import button and dialog, and a shop booking's sync notifications. The server is the fake `fetch` of
// components/test-utils.ts answering as the server does: POST /api/woocommerce/import-orders answers the list of
// imported bookings, 502 {message} when the shop fails, 422 {message, errors, imported} for refused orders.

let fake: ReturnType<typeof fakeFetch> | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

const booking = (id: number, number: string) => ({ id, number, referent_passenger: { full_name: `Léa ${number}` } });

function serve(configured: boolean, imports: FakeAnswer[]) {
  return (call: FakeCall): FakeAnswer => {
    if (call.url.pathname === '/api/woocommerce/status') return { body: { configured } };
    if (call.url.pathname === '/api/woocommerce/import-orders') return imports.shift() ?? { body: [] };
    return { body: [] };
  };
}

describe('ShopImportButton', () => {
  it('is absent while the shop is not configured', async () => {
    fake = fakeFetch(serve(false, []));
    renderWithProviders(<ShopImportButton />);
    await waitFor(() => expect(fake?.calls.some((c) => c.url.pathname === '/api/woocommerce/status')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Importer les dernières commandes' })).toBeNull();
  });

  it('says how many orders were imported, then that there is none new, then the error', async () => {
    fake = fakeFetch(
      serve(true, [
        { body: [booking(1, '2026-00001'), { ...booking(2, '2026-00002'), prestation_to_specify: 1 }] },
        { body: [] },
        { status: 502, body: { message: 'La boutique refuse ces identifiants.' } },
        {
          status: 422,
          body: {
            message: "Une commande n'a pas pu être importée.",
            errors: { 'commande 302': ['La commande contient plusieurs prestations (VOL-NUIT, VOL-JOUR).'] },
            imported: [booking(3, '2026-00003')],
          },
        },
      ]),
    );
    const user = userEvent.setup();
    renderWithProviders(<ShopImportButton />);
    const button = await screen.findByRole('button', { name: 'Importer les dernières commandes' });

    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Import des commandes de la boutique' });
    expect(await within(dialog).findByText('2 commandes importées')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Réservation 2026-00001' }).getAttribute('href')).toBe(
      '/bookings/1',
    );
    // Issue 27: the order whose product matched no prestation is imported, and said to be specified.
    const flagged = within(dialog).getByRole('link', { name: 'Réservation 2026-00002' }).closest('li');
    expect(within(flagged as HTMLElement).getByText('Prestation à préciser')).toBeTruthy();
    expect(within(dialog).getAllByText('Prestation à préciser')).toHaveLength(1);
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Import des commandes de la boutique' });
    expect(await within(dialog).findByText('Aucune nouvelle commande')).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Import des commandes de la boutique' });
    expect(await within(dialog).findByText("Une erreur est survenue pendant l'import")).toBeTruthy();
    expect(within(dialog).getByText('La boutique refuse ces identifiants.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(
      await within(dialog).findByText(
        'Commande 302 : La commande contient plusieurs prestations (VOL-NUIT, VOL-JOUR).',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('1 commande importée')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Réservation 2026-00003' })).toBeTruthy();
    expect(fake.calls.filter((c) => c.url.pathname === '/api/woocommerce/import-orders')).toHaveLength(4);
  });
});

describe('ShopSyncNotifications', () => {
  it("lists a shop booking's pushes to its order, and nothing for other bookings", async () => {
    fake = fakeFetch((call) => {
      if (call.url.pathname === '/api/woocommerce-sync-notifications') {
        return {
          body: [
            {
              id: 2,
              status: 'completed',
              message: 'Commande 901 passée à « Terminée » dans la boutique.',
              is_success: 1,
              created_at: '2026-06-01T10:05:00.000Z',
            },
            {
              id: 1,
              status: 'completed',
              message: 'Commande 901 : La boutique répond par une erreur 500.',
              is_success: 0,
              created_at: '2026-06-01T10:00:00.000Z',
            },
          ],
        };
      }
      return { body: [] };
    });
    const shopBooking = { id: 5, booking_status_id: 3, woocommerce_order_id: '901' } as unknown as Booking;
    renderWithProviders(<ShopSyncNotifications booking={shopBooking} />);
    expect(await screen.findByText('Commande 901 passée à « Terminée » dans la boutique.')).toBeTruthy();
    expect(screen.getByText('Commande 901 : La boutique répond par une erreur 500.')).toBeTruthy();
    expect(screen.getByText('Commande 901 de la boutique en ligne')).toBeTruthy();
    const call = fake.calls.find((c) => c.url.pathname === '/api/woocommerce-sync-notifications');
    expect(call?.url.searchParams.get('filters')).toBe('booking_id|=|5');

    const other = { id: 6, booking_status_id: 3, woocommerce_order_id: null } as unknown as Booking;
    const { container } = renderWithProviders(<ShopSyncNotifications booking={other} />);
    expect(within(container).queryByText(/boutique en ligne/)).toBeNull();
    expect(fake.calls.filter((c) => c.url.pathname === '/api/woocommerce-sync-notifications')).toHaveLength(1);
  });
});

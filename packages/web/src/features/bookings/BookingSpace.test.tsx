import type { SpaceLinkState } from '@app/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCall, fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import { BookingSpaceCard } from './BookingSpace';
import type { Booking } from './booking-model';

// Issue 28: the booking page's 'Espace client' block against a fake server answering as routes/space.ts does: the
// link made and shown once to copy, revoked through DELETE /api/bookings/{id}/space-link (never the booking), the
// customer's last visit and 'Complété par le client le …', the mail to a gift's beneficiary.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
});

const URL = `https://ballons.example.test/espace/${'b'.repeat(43)}`;
const booking = {
  id: 12,
  beneficiary_name: 'Lucie Bernard',
  beneficiary_email: 'lucie@example.test',
  completed_by_customer_at: '2026-11-27T15:05:00.000Z',
} as Booking;

function serve(initial: SpaceLinkState) {
  let state = initial;
  fake = fakeFetch((call: FakeCall) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/bookings/12/space-link') return { body: state };
    if (call.method === 'POST' && path === '/api/bookings/12/space-link') {
      state = { is_active: true, created_at: '2026-11-27T16:00:00.000Z', last_used_at: null, expires_at: '2027-06-30' };
      return { status: 201, body: { url: URL, expires_at: '2027-06-30' } };
    }
    if (call.method === 'DELETE' && path === '/api/bookings/12/space-link') {
      state = { ...state, is_active: false };
      return { status: 204 };
    }
    if (call.method === 'POST' && path === '/api/bookings/12/space-link/email') {
      return { status: 202, body: { id: 4, recipient: 'lucie@example.test' } };
    }
    return { status: 404, body: { message: 'Ressource introuvable.' } };
  });
}

describe('the booking space block', () => {
  it('makes a link shown once to copy, then revokes it through the space-link route', async () => {
    serve({ is_active: false, created_at: null, last_used_at: null, expires_at: null });
    renderWithProviders(<BookingSpaceCard booking={booking} isEditable />);
    const block = await screen.findByRole('region', { name: 'Espace client' });
    expect(await within(block).findByText('Aucun lien actif.')).toBeTruthy();
    expect(within(block).getByText(/^Complété par le client le 27\/11\/2026/)).toBeTruthy();
    expect(within(block).getByText('Bénéficiaire : Lucie Bernard · lucie@example.test')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(block).getByRole('button', { name: 'Créer un lien' }));
    expect(await within(block).findByDisplayValue(URL)).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Copier le lien' })).toBeTruthy();
    expect(await within(block).findByText(/^Lien actif depuis le/)).toBeTruthy();

    await user.click(within(block).getByRole('button', { name: 'Révoquer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Révoquer le lien' });
    await user.click(within(confirm).getByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true));
    const deletes = fake.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname);
    expect(deletes).toEqual(['/api/bookings/12/space-link']);
    expect(await within(block).findByText('Aucun lien actif.')).toBeTruthy();
  });

  it("sends the link to the gift's beneficiary", async () => {
    serve({
      is_active: true,
      created_at: '2026-11-27T16:00:00.000Z',
      last_used_at: '2026-11-27T16:30:00.000Z',
      expires_at: '2027-06-30',
    });
    renderWithProviders(<BookingSpaceCard booking={booking} isEditable />);
    const block = await screen.findByRole('region', { name: 'Espace client' });
    expect(await within(block).findByText(/^Dernière visite du client : 27\/11\/2026/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(block).getByRole('button', { name: 'Envoyer par email' }));
    const dialog = await screen.findByRole('dialog', { name: "Envoyer le lien de l'espace client" });
    expect(within(dialog).getByRole('radio', { name: 'Le bénéficiaire (lucie@example.test)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(fake.calls.some((c) => c.url.pathname.endsWith('/space-link/email'))).toBe(true));
    expect(fake.calls.find((c) => c.url.pathname.endsWith('/space-link/email'))!.body).toEqual({ to: 'beneficiary' });
  });
});

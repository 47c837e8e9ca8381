import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AFTER_CLOSE, type FakeAnswer, type FakeCall, fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import { type RegistrationRequest, RegistrationRequestsCard } from './RegistrationRequestsCard';

// The staff's side of registration requests (issue 11 point 4) against a fake server answering as the real one does
// (components/test-utils): the read, the load failure notice, 'Accepter' / 'Refuser' through their
// confirmations, and a refusal whose French reason stays on screen with the dialog open.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
});

const waiting: RegistrationRequest = {
  id: 31,
  booking_id: 12,
  flight_id: 7,
  created_at: '2026-11-20T09:15:00.000Z',
  status: 'pending',
  decided_at: null,
  booking: { id: 12, number: 'R-2026-0042', passengers_number: 2, referent_passenger: { full_name: 'Hélène Roux' } },
};
const refused: RegistrationRequest = { ...waiting, id: 30, status: 'refused', created_at: '2026-11-01T09:15:00.000Z' };

function serve(write: (call: FakeCall) => FakeAnswer, list: () => FakeAnswer = () => ({ body: [waiting, refused] })) {
  fake = fakeFetch((call) => (call.method === 'GET' ? list() : write(call)));
}

describe('RegistrationRequestsCard', { timeout: 20_000 }, () => {
  it('reads the flight’s requests newest first with their booking, and marks the waiting ones', async () => {
    serve(() => ({}));
    renderWithProviders(<RegistrationRequestsCard of="flight" id={7} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Réservation R-2026-0042 · Hélène Roux')).toBeTruthy();
    expect(within(items[0]!).getByText('En attente')).toBeTruthy();
    expect(within(items[1]!).getByText('Refusée')).toBeTruthy();
    // Decided requests offer nothing more.
    expect(within(items[1]!).queryByRole('button', { name: 'Accepter' })).toBeNull();
    const read = fake.calls[0]!.url;
    expect(read.pathname).toBe('/api/registration-requests');
    expect(read.searchParams.get('filters')).toBe('flight_id|=|7');
    expect(read.searchParams.get('order')).toBe('created_at|DESC');
    expect(read.searchParams.get('embed')).toBe('booking.referent_passenger');
  });

  it("says 'Erreur de chargement des demandes d'inscription' when the read fails", async () => {
    serve(
      () => ({}),
      () => ({ status: 500, body: { message: 'Une erreur interne est survenue.' } }),
    );
    renderWithProviders(<RegistrationRequestsCard of="booking" id={12} />);
    expect(await screen.findByText("Erreur de chargement des demandes d'inscription")).toBeTruthy();
    expect(fake.calls[0]!.url.searchParams.get('filters')).toBe('booking_id|=|12');
  });

  it("'Accepter' asks for confirmation, then posts the decision", async () => {
    serve(() => ({ body: { id: 31, status: 'accepted', registered: 2 } }));
    renderWithProviders(<RegistrationRequestsCard of="flight" id={7} />);
    const user = userEvent.setup();
    const [item] = await screen.findAllByRole('listitem');
    await user.click(within(item!).getByRole('button', { name: 'Accepter' }));
    const dialog = await screen.findByRole('dialog', { name: "Accepter la demande d'inscription" });
    expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_CLOSE);
    expect(fake.calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      '/api/registration-requests/31/accept',
    );
  });

  it('keeps the dialog open with the server’s reason when the flight cannot take the passengers', async () => {
    const reason = 'Places insuffisantes sur ce vol : 1 place restante pour 2 passagers.';
    serve(() => ({ status: 409, body: { message: reason } }));
    renderWithProviders(<RegistrationRequestsCard of="flight" id={7} />);
    const user = userEvent.setup();
    const [item] = await screen.findAllByRole('listitem');
    await user.click(within(item!).getByRole('button', { name: 'Accepter' }));
    const dialog = await screen.findByRole('dialog', { name: "Accepter la demande d'inscription" });
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: "Accepter la demande d'inscription" })).toBeTruthy();
  });

  it("'Refuser' posts the refusal after its confirmation", async () => {
    serve(() => ({ body: { id: 31, status: 'refused', registered: 0 } }));
    renderWithProviders(<RegistrationRequestsCard of="flight" id={7} />);
    const user = userEvent.setup();
    const [item] = await screen.findAllByRole('listitem');
    await user.click(within(item!).getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: "Refuser la demande d'inscription" });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_CLOSE);
    expect(fake.calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      '/api/registration-requests/31/refuse',
    );
  });
});

import { type BookingSpace, SPACE_NOT_FOUND } from '@app/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import SpacePage from './SpacePage';

// The passenger's space (issue 28) against a fake server answering as routes/space.ts does: the booking read from the
// link's token, a passenger completed with its weight, the server's French refusal shown on the field, a flight asked
// for, the weather postponement's notice, and the one message of a dead link. No cookie goes with any call.

const TOKEN = 'a'.repeat(43);
let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
});

const base: BookingSpace = {
  booking: {
    number: '2026-00042',
    prestation: 'Vol découverte',
    location: 'Vézelay',
    validity_date: '2027-06-30',
    status: { slug: 'pending', label: 'En attente' },
    passengers_number: 2,
    is_editable: true,
  },
  next_flight: null,
  last_flight: null,
  postponed_flight: null,
  passengers: [
    {
      id: 7,
      first_name: 'Élise',
      last_name: 'Moreau',
      email: null,
      phone: null,
      age: null,
      weight: null,
      passenger_type_id: null,
      is_referent: true,
    },
  ],
  passenger_types: [{ id: 1, label: 'Adulte' }],
  requested_dates: [],
  offers: [
    {
      id: 70,
      date: '2026-12-05',
      time: '07:30',
      location: 'Vézelay',
      prestation: null,
      seats_left: 4,
      is_requested: false,
    },
  ],
  registration_requests: [],
  today: '2026-11-27',
};

function serve(space: BookingSpace | null, write: (call: FakeCall) => FakeAnswer = () => ({ status: 200, body: {} })) {
  fake = fakeFetch((call) => {
    if (call.method === 'GET') return space ? { body: space } : { status: 404, body: { message: SPACE_NOT_FOUND } };
    return write(call);
  });
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/espace/:token" element={<SpacePage />} />
    </Routes>,
    { route: `/espace/${TOKEN}` },
  );

describe('the passenger space', () => {
  it('shows the booking and saves a passenger with their weight', async () => {
    serve(base, () => ({ status: 200, body: base.passengers[0] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Réservation n° 2026-00042' })).toBeTruthy();
    expect(screen.getByText(/le pilote calcule avec lui la charge du ballon/)).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Passager 1 (référent)' });
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Poids (kg)'), '62,5');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/space/${TOKEN}/passengers/7`);
    expect(put.body).toMatchObject({ first_name: 'Élise', last_name: 'Moreau', weight: 62.5 });
    expect(await within(card).findByText('Passager enregistré.')).toBeTruthy();
    // The second seat is offered as an empty card.
    expect(screen.getByRole('region', { name: 'Passager 2 (à compléter)' })).toBeTruthy();
  });

  it("shows the server's refusal on the weight field", async () => {
    serve(base, () => ({
      status: 422,
      body: {
        message: 'Le poids doit être compris entre 20 et 250 kg.',
        errors: { weight: ['Le poids doit être compris entre 20 et 250 kg.'] },
      },
    }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Passager 1 (référent)' });
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Poids (kg)'), '8');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findAllByText('Le poids doit être compris entre 20 et 250 kg.')).not.toHaveLength(0);
  });

  it('asks to join a flight and says the request is sent', async () => {
    serve(base, () => ({ status: 201, body: { id: 3, flight_id: 70, status: 'pending' } }));
    renderPage();
    const flight = await screen.findByRole('listitem', { name: 'Vol du samedi 5 décembre 2026 à 07h30' });
    await userEvent.setup().click(within(flight).getByRole('button', { name: 'Demander ce vol' }));
    expect(await screen.findByText(/Votre demande est envoyée/)).toBeTruthy();
    const post = fake.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/space/${TOKEN}/registration-requests`);
    expect(post.body).toEqual({ flight_id: 70 });
  });

  it('opens on the weather notice after a postponement', async () => {
    serve({
      ...base,
      postponed_flight: {
        id: 9,
        date: '2026-11-28',
        time: '07:00',
        location: 'Vézelay',
        status: { slug: 'weather-postponed', label: 'Reporté - météo' },
      },
    });
    renderPage();
    expect(
      await screen.findByText(/Votre vol du samedi 28 novembre 2026 a été reporté en raison de la météo/),
    ).toBeTruthy();
  });

  it('says the link is dead, whatever the reason', async () => {
    serve(null);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SPACE_NOT_FOUND);
  });
});

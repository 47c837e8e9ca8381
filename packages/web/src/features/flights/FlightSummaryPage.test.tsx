import { createFailedMessage, MESSAGES } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch, INTERACTION_SUITE, pageOf } from '../../components/test-utils';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import FlightPage from './FlightPage';
import FlightSummaryPage from './FlightSummaryPage';
import type { Flight } from './flight-model';

// The flight's summary as staff open it (/flights/7/summary under the flight page): it says it is loading, a
// section that cannot be read says so in red while the others still show, and a note added in its dialog is sent
// as the server takes it, then the notes are read again. The server is the fake `fetch` of components/test-utils.ts.

const flight: Flight = {
  id: 7,
  scheduled_date: '2032-07-14',
  scheduled_time: '06:45:00',
  is_public: 0,
  takeoff_temperature: null,
  flight_max_altitude: null,
  flight_type_id: 1,
  location_id: 2,
  prestation_id: null,
  balloon_id: 3,
  pilot_id: 4,
  takeoff_time: null,
  landing_time: null,
  flight_status_id: 1,
  passengers_count: 1,
  total_weight: 72,
  availability: 3,
  location: { id: 2, label: 'Beaune', takeoff_altitude: 220 },
  balloon: { id: 3, label: 'F-HBAL', passengers: 4, market_mass: 400, envelope_temperature: 100, volume: 3400 },
  pilot: { id: 4, full_name: 'Paul Durand' },
  teammates: [],
  pinned_note: null,
  compliance: [],
};
const bookings = [
  {
    id: 12,
    number: '2032-00012',
    number_alt: null,
    passengers_number: 2,
    referent_passenger: null,
    passengers: [
      {
        id: 31,
        full_name: 'Léa Moreau',
        registration_id: 51,
        age: 34,
        weight: 72,
        ticket_number: 'T-31',
        passenger_type_id: 1,
      },
    ],
  },
];
const note = { id: 3, content: 'Prévoir la navette', is_pinned: 0, flight_id: 7, created_at: '2032-07-01T08:00:00Z' };

// A whole page with its sections and dialogs: on a busy machine its reads take longer than test-utils' 3 s.
configure({ asyncUtilTimeout: 10_000 });

let fake: ReturnType<typeof fakeFetch>;
let answers: Record<string, (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>>;

/** Answers as the server would for every read of the page; a test replaces the answer of the path it is about. */
function serve() {
  fake = fakeFetch((call) => {
    const path = call.url.pathname;
    const answer = answers[`${call.method} ${path}`];
    if (answer) return answer(call);
    if (path.endsWith('/history')) return { body: pageOf([], 1, 0) };
    if (path === '/api/flights/7/records') return { body: { sealed: false, correction_reason: null, records: [] } };
    if (path === '/api/flights/7/crew')
      return { body: { teammates: [], crew: { passengers_count: 2, crew_on_board: 1, is_ok: true } } };
    if (path === '/api/flights/7/field-boarding') return { body: { takeoff_place: null, passengers: [] } };
    return { body: [] };
  });
}

const renderSummary = () =>
  renderWithProviders(
    <Routes>
      <Route path="/flights/:flightId" element={<FlightPage />}>
        <Route path="summary" element={<FlightSummaryPage />} />
      </Route>
    </Routes>,
    { route: '/flights/7/summary' },
  );

beforeEach(() => {
  resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture() });
  answers = {
    'GET /api/flights/7': () => ({ body: flight }),
    'GET /api/flights/7/bookings': () => ({ body: bookings }),
    'GET /api/flight-notes': () => ({ body: [note] }),
    'GET /api/passenger-types': () => ({ body: [{ id: 1, label: 'Adulte' }] }),
  };
});
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
});

describe('flight summary', INTERACTION_SUITE, () => {
  it('says it is loading until the flight is read, then shows each section with what it read', async () => {
    let release: () => void = () => {};
    const flightRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    answers['GET /api/flights/7'] = async () => {
      await flightRead;
      return { body: flight };
    };
    serve();
    renderSummary();
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    release();
    const passengers = await screen.findByRole('region', { name: 'Passagers du vol' });
    await waitFor(() => expect(passengers).toHaveTextContent('Léa Moreau'));
    expect(passengers).toHaveTextContent('Adulte');
    expect(within(passengers).getByRole('link', { name: 'Réservation 2032-00012' })).toHaveAttribute(
      'href',
      '/bookings/12',
    );
    expect(await within(screen.getByRole('region', { name: 'Notes' })).findByText('Prévoir la navette')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Informations générales' })).toHaveTextContent('Paul Durand');
    expect(screen.queryByText('Chargement...')).toBeNull();
  });

  it('says in red when the flight cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['GET /api/flights/7'] = () => ({ status: 500, body: { message: 'Erreur interne' } });
    serve();
    renderSummary();
    expect(await screen.findAllByText(MESSAGES.flightLoadFailed)).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Informations générales' })).toBeNull();
  });

  it('says in red when a section cannot be read, and still shows the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['GET /api/flight-notes'] = () => ({ status: 500, body: { message: 'Erreur interne' } });
    serve();
    renderSummary();
    expect(await screen.findByText(MESSAGES.notesLoadFailed)).toBeInTheDocument();
    const passengers = await screen.findByRole('region', { name: 'Passagers du vol' });
    await waitFor(() => expect(passengers).toHaveTextContent('Léa Moreau'));
  });

  it('adds a pinned note in its dialog, sends it as the server takes it and reads the notes again', async () => {
    answers['POST /api/flight-notes'] = (call) => ({ status: 201, body: { id: 4, ...(call.body as object) } });
    serve();
    const user = userEvent.setup();
    renderSummary();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await within(notes).findByText('Prévoir la navette');
    const readsBefore = fake.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/flight-notes').length;
    await user.click(within(notes).getByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Vent du nord à surveiller');
    await user.click(within(dialog).getByRole('switch', { name: 'Épingler la note' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
        ['/api/flight-notes', { content: 'Vent du nord à surveiller', is_pinned: 1, flight_id: 7 }],
      ]),
    );
    await waitFor(() =>
      expect(
        fake.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/flight-notes').length,
      ).toBeGreaterThan(readsBefore),
    );
  });

  // Issue 30: a sealed flight's notes are part of its record.
  const SEALED =
    'Le dossier de ce vol est clôturé : le vol, ses inscriptions et ses masses ne peuvent plus être modifiés. Ouvrez une correction (avec son motif) pour le modifier.';

  it('offers no note to add or change on a sealed flight, and says why', async () => {
    answers['GET /api/flights/7/records'] = () => ({ body: { sealed: true, correction_reason: null, records: [] } });
    serve();
    renderSummary();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await within(notes).findByText('Prévoir la navette');
    const add = within(notes).getByRole('button', { name: 'Ajouter' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAccessibleDescription(
      'Dossier de vol clôturé : ouvrez une correction pour ajouter ou modifier une note.',
    );
    expect(within(notes).queryByRole('button', { name: 'Modifier la note' })).toBeNull();
    expect(within(notes).queryByRole('button', { name: 'Supprimer la note' })).toBeNull();
  });

  it("shows the server's refusal when the record was sealed meanwhile, not a generic failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['POST /api/flight-notes'] = () => ({ status: 409, body: { message: SEALED } });
    serve();
    const user = userEvent.setup();
    renderSummary();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await within(notes).findByText('Prévoir la navette');
    await user.click(within(notes).getByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Vent du nord');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(SEALED)).toBeInTheDocument();
    expect(screen.queryByText(createFailedMessage('note'))).toBeNull();
  });

  it('marks a teammate on board: only those ticked count as crew, the others are the retrieve crew', async () => {
    let onBoard: number[] = [];
    const crew = () => ({
      body: {
        teammates: [
          { id: 5, full_name: 'Hugo Bernard', on_board: onBoard.includes(5) ? 1 : 0 },
          { id: 6, full_name: 'Inès Petit', on_board: onBoard.includes(6) ? 1 : 0 },
        ],
        crew: { passengers_count: 20, crew_on_board: 1 + onBoard.length, is_ok: onBoard.length > 0 },
      },
    });
    answers['GET /api/flights/7/crew'] = crew;
    answers['PUT /api/flights/7/crew'] = (call) => {
      onBoard = (call.body as { on_board: number[] }).on_board;
      return crew();
    };
    serve();
    const user = userEvent.setup();
    renderSummary();
    const card = await screen.findByRole('region', { name: 'Équipage à bord' });
    expect(card).toHaveTextContent("À bord : le pilote seul (1 membre d'équipage pour 20 passagers)");
    expect(card).toHaveTextContent("Au-delà de 19 passagers, cochez un second membre d'équipage à bord.");
    await user.click(within(card).getByRole('checkbox', { name: 'Inès Petit à bord' }));
    await waitFor(() => expect(card).toHaveTextContent("À bord : le pilote et Inès Petit (2 membres d'équipage"));
    expect(fake.calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/flights/7/crew', { on_board: [6] }],
    ]);
    expect(within(card).getByRole('checkbox', { name: 'Inès Petit à bord' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Hugo Bernard à bord' })).not.toBeChecked();
    expect(card).not.toHaveTextContent('Au-delà de 19 passagers');
  });
});

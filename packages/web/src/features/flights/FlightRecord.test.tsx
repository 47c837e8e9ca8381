import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../components/test-utils';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import { PassengersFlownCard } from '../bookings';
import { FlightRecordDialog } from './dialogs/FlightRecordDialog';
import { FlightStatusDialog } from './dialogs/FlightStatusDialog';
import type { Flight } from './flight-model';

// Issue 27: the status dialog warns (without refusing) when a flight is set realized before its time; a realized
// flight's record is completed after landing through its own dialog, which sends only what the server still takes;
// a booking's summary says who has flown and who still has to. The server is a fake `fetch` (docs/api.md).

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
  passengers_count: 2,
  total_weight: 150,
  availability: null,
};
const statuses = [
  { id: 1, slug: 'planned', label: 'Planifié' },
  { id: 2, slug: 'realized', label: 'Réalisé' },
  { id: 3, slug: 'weather-postponed', label: 'Reporté - météo' },
  { id: 4, slug: 'canceled', label: 'Annulé' },
];
const WARNING = /il n’a pas encore eu lieu/;

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  // Unmounted before the session goes: the record dialog reads the signed-in user's settings.
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
});

const serve = (call: FakeCall) =>
  call.url.pathname === '/api/flight-statutes' ? { body: statuses } : { body: { ...flight, flight_status_id: 2 } };

async function chooseRealized(subject: Flight) {
  const user = userEvent.setup();
  const onSaved = vi.fn();
  renderWithProviders(<FlightStatusDialog flight={subject} opened onClose={() => {}} onSaved={onSaved} />);
  await user.click(await screen.findByRole('radio', { name: 'Réalisé' }));
  return { user, onSaved };
}

describe('realized flights', { timeout: 20_000 }, () => {
  it('warns when the flight is set realized before its date and time, and still saves it', async () => {
    fake = fakeFetch(serve);
    const future = { ...flight, scheduled_date: '2999-07-14' };
    const { user, onSaved } = await chooseRealized(future);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce vol est prévu le 14/07/2999 à 06:45 : il n’a pas encore eu lieu.',
    );
    const dialog = screen.getByRole('dialog', { name: 'Statut du vol' });
    await user.type(dialog.querySelector('input[name="takeoff_time"]')!, '07:10');
    await user.type(dialog.querySelector('input[name="landing_time"]')!, '08:20');
    await user.click(screen.getByRole('switch', { name: 'Tous les passagers ont-ils volé ?' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fake.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { flight_status_id: 2, takeoff_time: '07:10:00', landing_time: '08:20:00' },
    ]);
  });

  it('says nothing once the flight time has passed', async () => {
    fake = fakeFetch(serve);
    await chooseRealized({ ...flight, scheduled_date: '2020-07-14' });
    expect(await screen.findByRole('switch', { name: 'Tous les passagers ont-ils volé ?' })).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('completes the flight record with the fields a realized flight still takes, and only those', async () => {
    resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture() });
    fake = fakeFetch(() => ({ body: flight }));
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const realized = { ...flight, flight_status_id: 2, takeoff_time: '07:10:00', landing_time: '08:20:00' };
    renderWithProviders(<FlightRecordDialog flight={realized} opened onClose={() => {}} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Compte rendu du vol' });
    await user.type(screen.getByRole('spinbutton', { name: 'Température au décollage (°C)' }), '14');
    await user.type(screen.getByRole('spinbutton', { name: 'Altitude maximale atteinte (m)' }), '950');
    // Issue 30: the logbook's landing place and the fuel loaded, for the sealed flight record.
    await user.type(screen.getByRole('textbox', { name: "Lieu d'atterrissage" }), 'Pré du Moulin');
    await user.type(screen.getByRole('spinbutton', { name: 'Carburant embarqué (kg)' }), '62.5');
    expect(dialog.querySelector('input[name="landing_time"]')).toHaveValue('08:20');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const puts = fake.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url.pathname, c.body])).toEqual([
      [
        '/api/flights/7',
        {
          takeoff_time: '07:10:00',
          landing_time: '08:20:00',
          takeoff_temperature: 14,
          flight_max_altitude: 950,
          landing_place: 'Pré du Moulin',
          fuel_loaded: 62.5,
          remarks: '',
          incidents: '',
        },
      ],
    ]);
  });

  it("shows on a booking's summary who has flown and who still has to", async () => {
    const flown = { id: 31, scheduled_date: '2032-07-14', scheduled_time: '06:45:00', flight_status_id: 2 };
    const next = { id: 32, scheduled_date: '2032-08-02', scheduled_time: '18:00:00', flight_status_id: 1 };
    const passengers = [
      { id: 1, full_name: 'Léa Moreau', realized_flights: [flown], next_flights: [] },
      { id: 2, full_name: 'Hugo Moreau', realized_flights: [], next_flights: [next] },
      { id: 3, full_name: 'Inès Moreau', realized_flights: [], next_flights: [] },
    ];
    fake = fakeFetch(() => ({ body: passengers }));
    renderWithProviders(<PassengersFlownCard bookingId={12} passengersNumber={4} />);
    const card = await screen.findByRole('region', { name: 'Vols des passagers' });
    await waitFor(() => expect(card).toHaveTextContent('1 passager sur 4 a volé.'));
    expect(card).toHaveTextContent('Léa MoreauA volé le 14/07/2032');
    expect(card).toHaveTextContent('Hugo MoreauDoit voler le 02/08/2032');
    expect(card).toHaveTextContent('Inès MoreauDoit encore voler');
    expect(card).toHaveTextContent('1 passager pas encore saisi : il doit encore voler.');
    expect(screen.getByRole('link', { name: /A volé le 14\/07\/2032/ })).toHaveAttribute('href', '/flights/31');
    const [read] = fake.calls;
    expect(read?.url.pathname).toBe('/api/passengers');
    expect(read?.url.searchParams.get('filters')).toBe('booking_id|=|12');
    expect(read?.url.searchParams.get('embed')).toBe('realized_flights,next_flights');
  });
});

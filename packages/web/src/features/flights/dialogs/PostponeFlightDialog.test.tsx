import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../../components/test-utils';
import { renderWithProviders } from '../../../test/render';
import type { Flight } from '../flight-model';
import { FlightStatusDialog } from './FlightStatusDialog';
import { notifyWaitingMails, PostponeFlightDialog, postponementMessage } from './PostponeFlightDialog';

// Issue 12: choosing 'Reporté - météo' hands the status dialog over to the postponement dialog, which says what
// will happen and sends one POST with the mail switch. The server is a fake `fetch` answering as docs/api.md says.

const flight: Flight = {
  id: 7,
  scheduled_date: '2032-07-14',
  scheduled_time: '06:45:00',
  is_public: 0,
  takeoff_temperature: null,
  flight_max_altitude: null,
  flight_type_id: null,
  location_id: null,
  prestation_id: null,
  balloon_id: null,
  pilot_id: null,
  takeoff_time: null,
  landing_time: null,
  flight_status_id: 1,
  passengers_count: 3,
  total_weight: 230,
  availability: null,
};
const statuses = [
  { id: 1, slug: 'planned', label: 'Planifié' },
  { id: 2, slug: 'realized', label: 'Réalisé' },
  { id: 3, slug: 'weather-postponed', label: 'Reporté - météo' },
  { id: 4, slug: 'canceled', label: 'Annulé' },
];
const result = {
  passengers: 3,
  bookings: 2,
  queued: 1,
  skipped: [{ booking_id: 9, number: '2032-00009' }],
  smtp_configured: false,
};

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  fake.restore();
  act(() => cleanNotifications());
});

const serve = (call: FakeCall) =>
  call.url.pathname === '/api/flight-statutes' ? { body: statuses } : { body: { ...result, flight_id: 7 } };

describe('weather postponement dialogs', () => {
  it("the status dialog hands 'Reporté - météo' over instead of saving it", async () => {
    fake = fakeFetch(serve);
    const user = userEvent.setup();
    const onPostpone = vi.fn();
    renderWithProviders(
      <FlightStatusDialog flight={flight} opened onClose={() => {}} onSaved={() => {}} onPostpone={onPostpone} />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Reporté - météo' }));
    expect(onPostpone).toHaveBeenCalledTimes(1);
    expect(fake.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says what will happen and posts once with the mail switch', async () => {
    fake = fakeFetch(serve);
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithProviders(
      <PostponeFlightDialog flight={flight} bookings={2} opened onClose={() => {}} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reporter le vol (météo)' });
    expect(dialog).toHaveTextContent('3 passagers de 2 réservations seront désinscrits du vol');
    expect(dialog).toHaveTextContent('la date du mercredi 14 juillet 2032 est retirée de leurs dates demandées');
    const mail = screen.getByRole('switch', {
      name: 'Envoyer le mail « vol reporté météo » au référent de chaque réservation',
    });
    expect(mail).toBeChecked();
    await user.click(mail);
    await user.click(screen.getByRole('button', { name: 'Reporter le vol' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const posts = fake.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url.pathname, c.body])).toEqual([['/api/flights/7/postpone', { send_mail: 0 }]]);
    expect(postponementMessage(onSaved.mock.calls[0]![0])).toBe(
      "Vol reporté : 3 passagers désinscrits, 1 mail en attente d'envoi",
    );
  });

  it('says the mails wait in the outbox while no SMTP server is set, with the way there for who may open it', async () => {
    fake = fakeFetch(serve);
    renderWithProviders(<div />);
    act(() => notifyWaitingMails({ ...result, queued: 2 }, '/settings/emails/global-settings'));
    const notice = await screen.findByText(/Aucun serveur d'envoi \(SMTP\) n'est configuré : les mails restent/);
    expect(notice).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Voir la boîte d'envoi" })).toHaveAttribute(
      'href',
      '/settings/emails/global-settings',
    );
    act(() => cleanNotifications());
    await waitFor(() => expect(screen.queryAllByText(/Aucun serveur/)).toHaveLength(0));
    // Nothing to say when the mails leave by themselves or none was queued; no link for who cannot open the outbox.
    act(() => notifyWaitingMails({ ...result, smtp_configured: true }, '/x'));
    act(() => notifyWaitingMails({ ...result, queued: 0 }, '/x'));
    act(() => notifyWaitingMails(result, null));
    expect(await screen.findByText(/le mail reste dans la boîte d'envoi/)).toBeInTheDocument();
    expect(screen.queryAllByText(/Aucun serveur/)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: "Voir la boîte d'envoi" })).toBeNull();
  });
});

import { MESSAGES } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeCall, fakeFetch, INTERACTION_SUITE, pageOf } from '../../components/test-utils';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import BookingPage from './BookingPage';
import BookingSummaryPage from './BookingSummaryPage';
import type { Booking } from './booking-model';

// The booking's summary as staff open it (/bookings/12/summary under the booking page): it says it is loading, a
// section that cannot be read says so in red while the others still show, and the billing saved in its dialog
// sends the amounts with what is left to pay, then the booking is read again. The server is the fake `fetch` of
// components/test-utils.ts.

const booking = {
  id: 12,
  number: '2032-00012',
  number_alt: 'CADEAU-7',
  booked_at: '2032-03-02',
  validity_date: '2033-03-02',
  passengers_number: 2,
  passengers_count: 1,
  booking_status_id: 1,
  customer_id: 40,
  has_pre_flight_infos: 0,
  has_all_infos: 0,
  has_total_weight: 0,
  total_weight: 0,
  location_id: null,
  prestation_id: null,
  booking_origin_id: null,
  business_provider_id: null,
  payment_method_id: null,
  total_amount: 240,
  paid_amount: 0,
  remaining_amount: 240,
  refundable: 0,
  referent_passenger: null,
  flight_schedules: [],
} as unknown as Booking;
const customer = {
  id: 40,
  customer_type_id: 2,
  first_name: 'Claire',
  last_name: 'Martin',
  company_name: null,
  email: 'claire.martin@exemple.fr',
  phone: '06 12 34 56 78',
  address: null,
  zip_code: '21200',
  town: 'Beaune',
  customer_type: { id: 2, label: 'Particulier' },
  bookings_count: 1,
};
const note = { id: 3, content: 'Rappeler après 18 h', booking_id: 12, created_at: '2032-03-02T09:00:00Z' };

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
    if (path === '/api/bookings/12/space-link') {
      return { body: { is_active: false, created_at: null, last_used_at: null, expires_at: null } };
    }
    return { body: [] };
  });
}

const renderSummary = () =>
  renderWithProviders(
    <Routes>
      <Route path="/bookings/:bookingId" element={<BookingPage />}>
        <Route path="summary" element={<BookingSummaryPage />} />
      </Route>
    </Routes>,
    { route: '/bookings/12/summary' },
  );

const bookingReads = () => fake.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/bookings/12');

beforeEach(() => {
  resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture() });
  answers = {
    'GET /api/bookings/12': () => ({ body: booking }),
    'GET /api/customers': () => ({ body: [customer] }),
    'GET /api/booking-notes': () => ({ body: [note] }),
    'GET /api/requested-dates': () => ({ body: [{ id: 5, date: '2032-07-14' }] }),
  };
});
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
});

describe('booking summary', INTERACTION_SUITE, () => {
  it('says it is loading until the booking is read, then shows each section with what it read', async () => {
    let release: () => void = () => {};
    const bookingRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    answers['GET /api/bookings/12'] = async () => {
      await bookingRead;
      return { body: booking };
    };
    serve();
    renderSummary();
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    release();
    const client = await screen.findByRole('region', { name: 'Client' });
    await waitFor(() => expect(client).toHaveTextContent('Claire Martin'));
    expect(client).toHaveTextContent('21200 Beaune');
    expect(screen.getByRole('region', { name: 'Informations générales' })).toHaveTextContent('CADEAU-7');
    expect(await within(screen.getByRole('region', { name: 'Notes' })).findByText('Rappeler après 18 h')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Dates souhaitées' })).toHaveTextContent('14/07/2032');
    expect(screen.queryByText('Chargement...')).toBeNull();
  });

  it('says in red when the booking cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['GET /api/bookings/12'] = () => ({ status: 500, body: { message: 'Erreur interne' } });
    serve();
    renderSummary();
    expect(await screen.findAllByText(MESSAGES.bookingLoadFailed)).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Facturation' })).toBeNull();
  });

  it('says in red when a section cannot be read, and still shows the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['GET /api/customers'] = () => ({ status: 500, body: { message: 'Erreur interne' } });
    serve();
    renderSummary();
    expect(await screen.findByText(MESSAGES.customerLoadFailed)).toBeInTheDocument();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Rappeler après 18 h')).toBeVisible();
  });

  it('saves the billing from its dialog with what is left to pay, then reads the booking again', async () => {
    answers['PUT /api/bookings/12'] = (call) => ({ body: { ...booking, ...(call.body as object) } });
    serve();
    const user = userEvent.setup();
    renderSummary();
    const billing = await screen.findByRole('region', { name: 'Facturation' });
    await user.click(within(billing).getByRole('button', { name: 'Modifier : Facturation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facturation' });
    const paid = within(dialog).getByRole('spinbutton', { name: 'Montant déjà payé (€)' });
    await user.clear(paid);
    await user.type(paid, '100');
    expect(within(dialog).getByRole('spinbutton', { name: 'Reste à payer (€)' })).toHaveValue(140);
    const readsBefore = bookingReads().length;
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const [put] = fake.calls.filter((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/bookings/12');
    expect(put?.body).toEqual(expect.objectContaining({ total_amount: 240, paid_amount: 100, remaining_amount: 140 }));
    await waitFor(() => expect(bookingReads().length).toBeGreaterThan(readsBefore));
  });
});

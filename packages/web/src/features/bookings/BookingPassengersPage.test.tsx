import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCall, fakeFetch } from '../../components/test-utils';
import { resetSessionStoreForTests } from '../../session/store';
import { renderWithProviders } from '../../test/render';
import { sessionFixture } from '../../test/session';
import type { BookingContext } from './BookingPage';
import BookingPassengersPage from './BookingPassengersPage';
import type { Booking, Passenger } from './booking-model';

// Issue 27: the first passenger of a booking is most often its customer, typed twice. When the booking has no
// passenger yet and its customer is a person, the new-passenger dialog starts from the customer's names, email and
// phone, as referent (the first passenger is the referent). The server is the fake `fetch` of
// components/test-utils.ts, answering as docs/api.md says.

const booking = { id: 5, number: '2027-00005', passengers_number: 2, booking_status_id: 1, customer_id: 12 } as Booking;
const person = {
  id: 12,
  customer_type_id: 2,
  first_name: 'Claire',
  last_name: 'Martin',
  email: 'claire.martin@exemple.fr',
  phone: '06 12 34 56 78',
  company_name: null,
};
const company = { ...person, customer_type_id: 3, company_name: 'Ballons & Cie' };
const aboard = { id: 3, booking_id: 5, first_name: 'Noël', last_name: 'Martin', full_name: 'Noël Martin' } as Passenger;

let fake: ReturnType<typeof fakeFetch>;
const customerReads = () => fake.calls.filter((c) => c.url.pathname.startsWith('/api/customers'));

function serve(customer: object, passengers: Passenger[] = []) {
  fake = fakeFetch((call: FakeCall) => {
    const path = call.url.pathname;
    if (path === '/api/customers/12') return { body: customer };
    if (path === '/api/booking-next-ticket-number/5') return { body: { ticket_number: '2027-00005-01' } };
    if (path === '/api/passenger-types') return { body: [{ id: 1, label: 'Adulte' }] };
    if (path === '/api/passengers' && !call.url.searchParams.has('page')) return { body: passengers };
    return { body: { data: [], count: 0, sum: null, prev: null, next: null } };
  });
}

function BookingOutlet() {
  return <Outlet context={{ booking, isEditable: true } satisfies BookingContext} />;
}

async function openNewPassenger(aboardCount = 0) {
  renderWithProviders(
    <Routes>
      <Route element={<BookingOutlet />}>
        <Route index element={<BookingPassengersPage />} />
      </Route>
    </Routes>,
  );
  const user = userEvent.setup();
  // The passengers read: the list says how many are aboard once it has answered.
  await waitFor(() => expect(fake.calls.some((c) => c.url.pathname === '/api/passengers')).toBe(true));
  await screen.findByText(new RegExp(`^${aboardCount} / 2 passagers`));
  await user.click(screen.getByRole('button', { name: 'Ajouter un passager' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nouveau passager' });
  await within(dialog).findByDisplayValue('2027-00005-01');
  return dialog;
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

beforeEach(() => {
  resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture() });
});
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
});

describe('the first passenger of a booking', { timeout: 30_000 }, () => {
  it("starts from the customer's names, email and phone when the customer is a person, as referent", async () => {
    serve(person);
    const dialog = await openNewPassenger();
    expect(await within(dialog).findByDisplayValue('Claire')).toBe(field(dialog, 'Prénom'));
    expect(field(dialog, 'Nom')).toHaveValue('Martin');
    expect(field(dialog, 'Email')).toHaveValue('claire.martin@exemple.fr');
    expect(field(dialog, 'Téléphone')).toHaveValue('06 12 34 56 78');
    expect(within(dialog).getByRole('switch', { name: 'Passager référent' })).toBeChecked();
    expect(dialog).toHaveTextContent('Prérempli avec le client de la réservation');
  });

  it('starts empty when the customer is a company', async () => {
    serve(company);
    const dialog = await openNewPassenger();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(customerReads()).toHaveLength(1);
    expect(field(dialog, 'Prénom')).toHaveValue('');
    expect(field(dialog, 'Nom')).toHaveValue('');
    expect(dialog).not.toHaveTextContent('Prérempli');
  });

  it('starts empty, without reading the customer, once the booking has a passenger', async () => {
    serve(person, [aboard]);
    const dialog = await openNewPassenger(1);
    expect(field(dialog, 'Prénom')).toHaveValue('');
    expect(within(dialog).getByRole('switch', { name: 'Passager référent' })).not.toBeChecked();
    expect(customerReads()).toEqual([]);
  });
});

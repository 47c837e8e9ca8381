import type { Customer } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch, pageOf } from '../../../components/test-utils';
import { resetSessionStoreForTests } from '../../../session/store';
import { renderWithProviders } from '../../../test/render';
import { sessionFixture } from '../../../test/session';
import type { Booking } from '../booking-model';
import type { PickedCustomer } from '../CustomerPicker';
import { CustomerDialog } from './CustomerDialog';

// Issue 27: a repeat customer was typed again (a duplicate) since the booking's customer dialog could only create.
// It now searches the existing customers first; picking one and confirming « Associer ce client » sends
// PUT /api/bookings/{id} {customer_id}; typing the form still creates one as before. The server is the fake `fetch`
// of components/test-utils.ts, answering as docs/api.md says.

const booking = { id: 5, number: '2027-00005', customer_id: null } as unknown as Booking;
const types = [
  { id: 1, label: 'Association' },
  { id: 2, label: 'Particulier' },
  { id: 3, label: 'Professionnel' },
];
const customerOf = (values: Partial<PickedCustomer> & { id: number }): PickedCustomer => ({
  customer_type_id: 2,
  first_name: null,
  last_name: null,
  company_name: null,
  email: null,
  phone: null,
  siret_number: null,
  vat_number: null,
  address: null,
  additional_address: null,
  zip_code: null,
  town: null,
  country: null,
  customer_type: types[1],
  ...values,
});
const martin = customerOf({
  id: 12,
  first_name: 'Claire',
  last_name: 'Martin',
  email: 'claire.martin@exemple.fr',
  phone: '06 12 34 56 78',
  town: 'Beaune',
  bookings_count: 2,
});
const club = customerOf({
  id: 13,
  customer_type_id: 1,
  customer_type: types[0],
  company_name: 'Club Aérostatique',
  first_name: 'Paul',
  last_name: 'Durand',
  town: 'Dijon',
  bookings_count: 0,
});

let fake: ReturnType<typeof fakeFetch>;
const searches = () =>
  fake.calls.filter((c) => c.url.pathname === '/api/customers' && c.url.searchParams.has('search'));
const writes = () =>
  fake.calls.filter((c) => c.method !== 'GET').map((c) => ({ [`${c.method} ${c.url.pathname}`]: c.body }));

function serve() {
  fake = fakeFetch((call: FakeCall) => {
    const path = call.url.pathname;
    if (path === '/api/customer-types') return { body: types };
    if (path === '/api/customers' && call.method === 'GET') {
      const found = [martin, club];
      return { body: pageOf(found, 1, found.length) };
    }
    if (path === '/api/customers' && call.method === 'POST')
      return { status: 201, body: { id: 40, ...(call.body as object) } };
    return { body: { id: Number(path.split('/').pop()) } };
  });
}

function open(customer: Customer | null, onSaved = vi.fn()) {
  renderWithProviders(
    <CustomerDialog booking={booking} customer={customer} opened onClose={() => {}} onSaved={onSaved} />,
  );
  return { user: userEvent.setup(), onSaved };
}

beforeEach(() => {
  resetSessionStoreForTests({ status: 'authenticated', me: sessionFixture() });
  serve();
});
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
  resetSessionStoreForTests();
});

// Four dialogs typed into: jsdom and Mantine are slow on a busy machine.
describe("the booking's customer dialog", { timeout: 40_000 }, () => {
  it('finds an existing customer, then associates it after « Associer ce client », creating none', async () => {
    const { user, onSaved } = open(null);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau client' });
    const search = within(dialog).getByRole('textbox', { name: /Rechercher un client existant/ });
    await user.type(search, '06');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);

    await user.type(search, '.12');
    const results = await within(dialog).findByRole('list', { name: 'Clients trouvés' });
    await within(results).findByRole('button', { name: /Claire Martin/ });
    const call = searches().at(-1) as FakeCall;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      search: '06.12',
      embed: 'customer_type',
      count: 'bookings',
      page: '1',
      per_page: '10',
    });
    const found = within(results).getByRole('button', { name: /Claire Martin/ });
    expect(found).toHaveTextContent('Particulier · claire.martin@exemple.fr · 06 12 34 56 78 · Beaune');
    expect(found).toHaveTextContent('2 réservations');
    expect(within(results).getByRole('button', { name: /Club Aérostatique/ })).toHaveTextContent('0 réservation');

    await user.click(found);
    expect(dialog).toHaveTextContent('Ce client sera associé à la réservation');
    expect(dialog).toHaveTextContent('Déjà lié à 2 réservations.');
    expect(within(dialog).queryByRole('textbox', { name: 'Nom' })).toBeNull();
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Associer ce client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(writes()).toEqual([{ 'PUT /api/bookings/5': { customer_id: 12 } }]);
    expect(await screen.findByText('Client associé à la réservation')).toBeTruthy();
  });

  it('goes back from the confirm step to the results, then creates a new customer as before', async () => {
    const { user, onSaved } = open(null);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau client' });
    await user.type(within(dialog).getByRole('textbox', { name: /Rechercher un client existant/ }), 'martin');
    await user.click(await within(dialog).findByRole('button', { name: /Claire Martin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Choisir un autre client' }));
    expect(within(dialog).getByRole('textbox', { name: /Rechercher un client existant/ })).toHaveValue('martin');
    expect(await within(dialog).findByRole('button', { name: /Claire Martin/ })).toBeTruthy();

    // Pasted: typing every letter into the form takes seconds in jsdom.
    await user.click(within(dialog).getByRole('textbox', { name: 'Nom' }));
    await user.paste('Lefèvre');
    await user.click(within(dialog).getByRole('textbox', { name: 'Prénom' }));
    await user.paste('Éléonore');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [created, linked] = writes();
    expect(created?.['POST /api/customers']).toMatchObject({
      customer_type_id: 2,
      last_name: 'Lefèvre',
      first_name: 'Éléonore',
    });
    expect(linked).toEqual({ 'PUT /api/bookings/5': { customer_id: 40 } });
  });

  it('edits a customer several bookings share saying so, and « Changer de client » picks another', async () => {
    const { user, onSaved } = open({ ...martin, bookings_count: 3 } as Customer);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le client' });
    expect(dialog).toHaveTextContent("Ce client est lié à 3 réservations : les modifications s'appliquent à toutes.");
    expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toHaveValue('Martin');

    await user.click(within(dialog).getByRole('button', { name: 'Changer de client' }));
    const change = await screen.findByRole('dialog', { name: 'Changer de client' });
    expect(within(change).getByRole('textbox', { name: 'Nom' })).toHaveValue('');
    await user.type(within(change).getByRole('textbox', { name: /Rechercher un client existant/ }), 'club');
    await within(change).findByRole('button', { name: /Club Aérostatique/ });
    // The current customer is not offered again.
    expect(within(change).queryByRole('button', { name: /Claire Martin/ })).toBeNull();
    await user.click(within(change).getByRole('button', { name: /Club Aérostatique/ }));
    await user.click(within(change).getByRole('button', { name: 'Associer ce client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(writes()).toEqual([{ 'PUT /api/bookings/5': { customer_id: 13 } }]);
  });

  it('edits a customer of this booking alone without the shared warning', async () => {
    open({ ...martin, bookings_count: 1 } as Customer);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le client' });
    expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toHaveValue('Martin');
    expect(dialog).not.toHaveTextContent('Ce client est lié à');
  });
});

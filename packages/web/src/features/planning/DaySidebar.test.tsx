import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_CLOSE, type FakeCall, fakeFetch, INTERACTION_SUITE } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import { DaySidebar } from './DaySidebar';

// Issue 27, the day sidebar and its 'Passagers intéressés': Escape in the dialog closes the dialog
// only, the sidebar stays; a booking shows its number, and its alternative number beside it when it has one. The
// server is a fake `fetch` answering as docs/api.md says.

const day = '2032-06-20';
const booking = (id: number, number: string, numberAlt: string | null) => ({
  id,
  number,
  number_alt: numberAlt,
  passengers_number: 2,
  total_weight: 150,
  has_total_weight: 1,
  has_pre_flight_infos: 0,
  has_all_infos: 1,
  referent_passenger: { id: id * 10, full_name: `Noël Mercier ${id}`, department: '21' },
  location: null,
  prestation: null,
});

const serve = (call: FakeCall) => {
  if (call.url.pathname === '/api/planning/day') return { body: { items: [], pending_passengers: 4 } };
  if (call.url.pathname === '/api/bookings') {
    return { body: [booking(1, 'PL-0001', 'WC-778'), booking(2, 'PL-0002', null)] };
  }
  return { body: [] };
};

let fake: ReturnType<typeof fakeFetch> | undefined;
afterEach(() => {
  fake?.restore();
  act(() => cleanNotifications());
});

async function openInterested() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  renderWithProviders(<DaySidebar day={day} onClose={onClose} />);
  const sidebar = await screen.findByRole('dialog', { name: 'Dimanche 20 juin 2032' });
  await user.click(await within(sidebar).findByRole('button', { name: /4 passagers en attente/ }));
  const interested = await screen.findByRole('dialog', { name: 'Passagers intéressés' });
  return { user, onClose, sidebar, interested };
}

describe('DaySidebar', INTERACTION_SUITE, () => {
  it("Escape in 'Passagers intéressés' closes the dialog only, then the sidebar", async () => {
    fake = fakeFetch(serve);
    const { user, onClose, sidebar, interested } = await openInterested();
    await within(interested).findByText('PL-0002');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(interested).not.toBeInTheDocument(), AFTER_CLOSE);
    expect(onClose).not.toHaveBeenCalled();
    expect(sidebar).toBeInTheDocument();
    // With no dialog over it, Escape closes the sidebar as before.
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the booking number, and the alternative number beside it', async () => {
    fake = fakeFetch(serve);
    const { interested } = await openInterested();
    expect(await within(interested).findByText('PL-0001')).toBeInTheDocument();
    expect(within(interested).getByText('(WC-778)')).toBeInTheDocument();
    expect(within(interested).getByText('PL-0002')).toBeInTheDocument();
    expect(within(interested).queryByText(/\(\s*\)/)).not.toBeInTheDocument();
    expect(
      within(interested).getByRole('link', { name: 'Ouvrir la réservation PL-0001 dans un nouvel onglet' }),
    ).toBeInTheDocument();
  });
});

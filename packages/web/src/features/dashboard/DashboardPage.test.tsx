import type { Dashboard } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, INTERACTION_SUITE, setScreenWidth } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import DashboardPage from './DashboardPage';

// The landing page draws GET /api/dashboard as the server answers it (docs/api.md): the cards link to the list of
// each status with the item's filters, the week's flights carry the availability and counter tags, a failure says so and can retry.

const months = Array.from({ length: 12 }, (_, i) => ({
  month: i + 1,
  bookings: i,
  previous_bookings: 1,
  realized: 0,
  weather_postponed: 0,
  canceled: 0,
  revenue: 100,
  remaining_due: 0,
}));

const answer: Dashboard = {
  today: '2026-11-23',
  season: 2026,
  flights: [
    {
      id: 7,
      scheduled_date: '2026-11-24',
      scheduled_time: '06:45:00',
      flight_status_id: 1,
      location: { id: 1, label: 'Beaune – Hospices' },
      balloon: { id: 2, label: 'F-HBLM', passengers: 4 },
      pilot: { id: 3, full_name: 'Amélie Lefèvre' },
      passengers_count: 4,
      availability: 0,
    },
  ],
  pending_passengers: Array.from({ length: 8 }, (_, i) => ({
    date: `2026-11-${23 + i}`,
    count: i === 1 ? 5 : 0,
  })),
  attention: [
    {
      key: 'remaining_due',
      label: 'Reste à payer',
      count: 3,
      links: [
        { status: 'pending', count: 1, filters: 'remaining_amount|>|0' },
        { status: 'completed', count: 2, filters: 'remaining_amount|>|0' },
      ],
    },
    { key: 'expiring_vouchers', label: 'Bons expirant sous 30 jours', count: 0, links: [] },
  ],
  months,
};

let fake: ReturnType<typeof fakeFetch> | undefined;
let restoreScreen = () => {};
beforeEach(() => {
  restoreScreen = setScreenWidth(1440);
});
afterEach(() => {
  fake?.restore();
  restoreScreen();
  act(() => cleanNotifications());
});

describe('DashboardPage', INTERACTION_SUITE, () => {
  it('shows the cards with their links, the week and the pending passengers', async () => {
    fake = fakeFetch(() => ({ body: answer }));
    renderWithProviders(<DashboardPage />);
    const card = await screen.findByTestId('attention-remaining_due');
    expect(within(card).getByText('3')).toBeInTheDocument();
    const pending = within(card).getByRole('link', { name: 'En attente (1)' });
    const url = new URL(pending.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/bookings/pending');
    expect(url.searchParams.get('filters')).toBe('remaining_amount|>|0');
    expect(url.searchParams.get('filter_label')).toBe('Reste à payer');
    expect(within(card).getByRole('link', { name: 'Terminée (2)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/bookings\/completed\?/),
    );
    expect(within(screen.getByTestId('attention-expiring_vouchers')).getByText('Rien à faire')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Vols à venir' });
    expect(within(table).getByText('06:45')).toBeInTheDocument();
    expect(within(table).getByLabelText('4 passagers sur 4 places')).toBeInTheDocument();
    expect(within(table).getByText('Complet')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: /Passagers intéressés le mar\. 24 nov\. : 5/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Passagers intéressés le lun\. 23 nov\. : 0/ })).toBeDisabled();
    // The charts come in their own chunk, after the figures.
    expect(await screen.findByText('Réservations vendues par mois : 2026 et 2025')).toBeInTheDocument();
    expect(fake.calls.map((c) => c.url.pathname)).toEqual(['/api/dashboard']);
  });

  it('says when the dashboard cannot be read, and reads it again on request', async () => {
    let fail = true;
    fake = fakeFetch(() => (fail ? { status: 500, body: { message: 'Erreur' } } : { body: answer }));
    renderWithProviders(<DashboardPage />);
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    expect(screen.getAllByText('Erreur de chargement du tableau de bord').length).toBeGreaterThan(0);
    fail = false;
    await userEvent.setup({ delay: null }).click(retry);
    await waitFor(() => expect(screen.getByTestId('attention-remaining_due')).toBeInTheDocument());
  });
});

import type { VoucherReport } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, INTERACTION_SUITE, setScreenWidth } from '../../components/test-utils';
import { today as operatorToday } from '../../lib/today';
import { renderWithProviders } from '../../test/render';
import VouchersReportPage from './VouchersReportPage';

// The 'Rapports' page draws GET /api/reports/vouchers as the server answers it: the figures of the outstanding
// vouchers, their origins and providers, the expiring months and the past months; another date asks again; the
// CSV link names the same date; a failure says so and can retry.

const month = (m: string) => ({ month: m, sold_amount: 0, flown_amount: 0, expired_amount: 0, refunded_amount: 0 });

const answer = (at: string, count = 8): VoucherReport => ({
  at,
  outstanding: {
    count,
    passengers: 16,
    total_amount: 463.75,
    paid_amount: 380.2,
    by_origin: [
      { id: 1, label: 'Site internet', count: 3, total_amount: 373.65 },
      { id: null, label: 'Origine non renseignée', count: 2, total_amount: 10.11 },
    ],
    by_business_provider: [{ id: 4, label: 'Comité d’entreprise', count: 3, total_amount: 393.44 }],
  },
  expiring: Array.from({ length: 12 }, (_, i) => ({
    month: `2027-${String(i + 1).padStart(2, '0')}`,
    count: i === 0 ? 2 : 0,
    total_amount: i === 0 ? 143.44 : 0,
  })),
  months: [
    ...Array.from({ length: 11 }, (_, i) => month(`2025-${String(i + 2).padStart(2, '0')}`)),
    { month: '2026-01', sold_amount: 100.09, flown_amount: 99.99, expired_amount: 45.67, refunded_amount: 12.5 },
  ],
});

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

describe('VouchersReportPage', INTERACTION_SUITE, () => {
  it('shows the figures, the tables and the CSV link of today, then of another date', async () => {
    fake = fakeFetch((call) => ({
      body: answer(call.url.searchParams.get('at') ?? '', call.url.searchParams.get('at') === '2026-01-15' ? 3 : 8),
    }));
    renderWithProviders(<VouchersReportPage />);
    const today = operatorToday();
    const figures = await screen.findByRole('region', { name: /^Bons en cours au / });
    expect(within(figures).getByText('Bons en cours')).toBeInTheDocument();
    expect(within(figures).getByText('8')).toBeInTheDocument();
    expect(within(figures).getByText('16')).toBeInTheDocument();
    expect(within(figures).getByText(/463,75/)).toBeInTheDocument();
    expect(within(figures).getByText(/83,55\s€ restant à encaisser/)).toBeInTheDocument();

    const origins = screen.getByRole('table', { name: 'Bons en cours par origine' });
    expect(within(origins).getByText('Origine non renseignée')).toBeInTheDocument();
    expect(within(origins).getByText(/373,65/)).toBeInTheDocument();
    const expiring = screen.getByRole('table', { name: 'Expirations par mois' });
    expect(within(expiring).getByText('Janvier 2027')).toBeInTheDocument();
    expect(within(expiring).getByText(/143,44/)).toBeInTheDocument();
    const months = screen.getByRole('table', { name: 'Montants par mois' });
    const january = within(months).getByText('Janvier 2026').closest('tr') as HTMLElement;
    expect(january).toHaveTextContent(/100,09.*99,99.*45,67.*12,50/);

    const csv = screen.getByRole('link', { name: /Exporter/ });
    const url = new URL(csv.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/reports/vouchers');
    expect(url.searchParams.get('at')).toBe(today);
    expect(url.searchParams.get('format')).toBe('csv');
    expect(fake.calls.map((c) => c.url.search)).toEqual([`?at=${today}`]);

    const input = screen.getByRole('textbox', { name: 'Date du rapport' });
    const user = userEvent.setup({ delay: null });
    await user.clear(input);
    await user.type(input, '15/01/2026');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Bons en cours au 15/01/2026' })).toBeInTheDocument(),
    );
    const figure = within(screen.getByRole('region', { name: 'Bons en cours au 15/01/2026' })).getByText(
      'Bons en cours',
    ).parentElement;
    expect(figure).toHaveTextContent(/^Bons en cours3$/);
    expect(fake.calls.at(-1)?.url.search).toBe('?at=2026-01-15');
    expect(screen.getByRole('link', { name: /Exporter/ }).getAttribute('href')).toContain('at=2026-01-15');
    // Typing a whole date and tabbing out takes several seconds of jsdom under load.
  }, 60_000);

  it('says when the report cannot be read, and reads it again on request', async () => {
    let fail = true;
    fake = fakeFetch((call) =>
      fail ? { status: 500, body: { message: 'Erreur' } } : { body: answer(call.url.searchParams.get('at') ?? '') },
    );
    renderWithProviders(<VouchersReportPage />);
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    expect(screen.getAllByText('Erreur de chargement du rapport').length).toBeGreaterThan(0);
    fail = false;
    await userEvent.setup({ delay: null }).click(retry);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Montants par mois' })).toBeInTheDocument());
  });
});

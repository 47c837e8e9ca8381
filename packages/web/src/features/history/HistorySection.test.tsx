import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, pageOf } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import { HistorySection } from './HistorySection';

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => fake.restore());

const entry = (id: number, values: Record<string, unknown>) => ({
  id,
  created_at: '2026-11-23T09:05:00.000Z',
  user_id: 3,
  api_client_id: null,
  actor: 'Camille Durand',
  booking_id: 7,
  flight_id: null,
  ...values,
});

describe('HistorySection', { timeout: 20_000 }, () => {
  it('shows who changed what, with the French field labels and old → new values, page by page', async () => {
    fake = fakeFetch((call) => {
      const page = Number(call.url.searchParams.get('page'));
      if (page === 2)
        return {
          body: pageOf(
            [
              entry(1, {
                resource: 'bookings',
                record_id: 7,
                action: 'create',
                changes: '{"number":[null,"2026-00001"]}',
              }),
            ],
            2,
            21,
            20,
          ),
        };
      return {
        body: pageOf(
          [
            entry(3, {
              resource: 'passengers',
              record_id: 12,
              action: 'update',
              changes: JSON.stringify({
                weight: [62, 64.5],
                is_referent: [0, 1],
                first_name: ['(effacé)', '(effacé)'],
              }),
            }),
            entry(2, {
              resource: 'requested-dates',
              record_id: 4,
              action: 'delete',
              changes: '{"date":["2026-07-14",null]}',
            }),
          ],
          1,
          21,
          20,
        ),
      };
    });
    renderWithProviders(<HistorySection endpoint="/api/bookings" id={7} />);
    const section = await screen.findByRole('region', { name: 'Historique' });
    expect(await within(section).findByText('Passager n° 12')).toBeInTheDocument();
    expect(fake.calls[0]?.url.pathname).toBe('/api/bookings/7/history');
    const [update, removal] = within(section).getAllByTestId('history-entry');
    expect(update).toHaveTextContent('Modification');
    expect(update).toHaveTextContent('Poids : 62 → 64,5');
    expect(update).toHaveTextContent('Référent : Non → Oui');
    expect(update).toHaveTextContent('Prénom : effacé → effacé');
    expect(update).toHaveTextContent('Camille Durand');
    expect(removal).toHaveTextContent('Suppression');
    expect(removal).toHaveTextContent('Date souhaitée n° 4');
    expect(removal).toHaveTextContent('Date : 14/07/2026');

    await userEvent.setup().click(within(section).getByRole('button', { name: '2' }));
    expect(await within(section).findByText('Réservation n° 7')).toBeInTheDocument();
    expect(within(section).getByTestId('history-entry')).toHaveTextContent('Numéro : 2026-00001');
  });

  it('names records as staff know them: the booking by its number, a location by its label, the author', async () => {
    fake = fakeFetch(() => ({
      body: pageOf(
        [
          entry(5, {
            resource: 'bookings',
            record_id: 301,
            record_label: '2026-00263',
            action: 'update',
            changes: JSON.stringify({ location_id: [1, 2] }),
            labels: JSON.stringify({ location_id: ['Chambley', 'Metz Frescaty'] }),
          }),
          entry(4, {
            resource: 'booking-notes',
            record_id: 8,
            record_label: null,
            action: 'create',
            changes: JSON.stringify({ user_id: [null, 1], booking_id: [null, 301] }),
            labels: JSON.stringify({ user_id: [null, 'Camille Durand'], booking_id: [null, '2026-00263'] }),
          }),
          entry(3, {
            resource: 'passengers',
            record_id: 12,
            record_label: 'n° 12 (supprimé)',
            action: 'delete',
            changes: JSON.stringify({ last_name: ['(effacé)', null] }),
            labels: '{}',
          }),
        ],
        1,
        3,
        20,
      ),
    }));
    renderWithProviders(<HistorySection endpoint="/api/bookings" id={301} />);
    const section = await screen.findByRole('region', { name: 'Historique' });
    expect(await within(section).findByText('Réservation 2026-00263')).toBeInTheDocument();
    const [update, note, removal] = within(section).getAllByTestId('history-entry');
    expect(update).toHaveTextContent('Lieu : Chambley → Metz Frescaty');
    expect(update).not.toHaveTextContent('n° 1');
    expect(note).toHaveTextContent('Note de réservation n° 8');
    expect(note).toHaveTextContent('Auteur : Camille Durand');
    expect(note).toHaveTextContent('Réservation : 2026-00263');
    expect(removal).toHaveTextContent('Passager n° 12 (supprimé)');
  });
});

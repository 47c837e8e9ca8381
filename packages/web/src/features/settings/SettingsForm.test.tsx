import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import OperationalFlightPlanSettingsPage from './OperationalFlightPlanSettingsPage';

// A settings page saves with PUT /api/settings, then reads the session again (GET /api/me) because some settings
// change every screen. Only the save can fail the save: the refresh may be cut short (the user left the page).

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
});

function serve(me: () => Promise<{ status?: number; body?: unknown }>) {
  fake = fakeFetch(async (call) => {
    if (call.url.pathname === '/api/me') return me();
    if (call.method === 'PUT') return { body: { data: [] } };
    return {
      body: [
        { key: 'ofp_passenger_supplement', value: '2' },
        { key: 'ofp_pilot_bag_default', value: '7' },
      ],
    };
  });
}

describe('SettingsForm', () => {
  it('says the settings are saved once they are, even when reading the session again fails', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderWithProviders(<OperationalFlightPlanSettingsPage />);
    const bag = await screen.findByLabelText('Sac du pilote par défaut (kg)');
    await user.clear(bag);
    await user.type(bag, '8.5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    expect(screen.queryByText('La modification des paramètres a échoué')).toBeNull();
    const put = fake.calls.find((c) => c.method === 'PUT');
    // The keys not stored are sent with their defaults (issue 30: the allowance 4 + 3 kg, recency, inspection).
    expect(put?.body).toEqual({
      settings: {
        ofp_allowance_clothing: 4,
        ofp_allowance_baggage: 3,
        ofp_passenger_supplement: 2,
        ofp_pilot_bag_default: 8.5,
        pilot_recency_flights: 3,
        pilot_recency_days: 180,
        balloon_inspection_months: 12,
        balloon_inspection_hours: 100,
      },
    });
  });

  it('says the save failed when the server refuses it, and nothing else', async () => {
    fake = fakeFetch(async (call) => {
      if (call.method === 'PUT') return { status: 422, body: { message: 'Valeur refusée', errors: {} } };
      return { body: [{ key: 'ofp_passenger_supplement', value: '2' }] };
    });
    const user = userEvent.setup();
    renderWithProviders(<OperationalFlightPlanSettingsPage />);
    await screen.findByDisplayValue('2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La modification des paramètres a échoué')).toBeInTheDocument();
    expect(screen.queryByText('Données sauvegardées')).toBeNull();
    expect(fake.calls.some((c) => c.url.pathname === '/api/me')).toBe(false);
  });
});

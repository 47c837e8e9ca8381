import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import VoucherSettingsPage from './VoucherSettingsPage';

// Issue 29, 'Bons et validité': the eight rule settings, their defaults when never written, each rule with its
// switch, saved together; the summary beside follows the values being edited.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
});

describe('VoucherSettingsPage', () => {
  it('shows the defaults, and saves every rule with its switch in one batch', { timeout: 20_000 }, async () => {
    fake = fakeFetch(async (call) => {
      if (call.url.pathname === '/api/me') return { status: 401, body: {} };
      if (call.method === 'PUT') return { body: [] };
      // Only one rule was ever written: the others read their defaults.
      return { body: [{ key: 'validity_rule_attempts_count', value: '5' }] };
    });
    const user = userEvent.setup();
    renderWithProviders(<VoucherSettingsPage />);
    expect(await screen.findByLabelText("Jours avant l'échéance")).toHaveValue(60);
    expect(screen.getByLabelText('Prolongation si échéance proche (mois)')).toHaveValue(4);
    expect(screen.getByLabelText('Reports météo avant prolongation')).toHaveValue(5);
    expect(screen.getByLabelText('Prolongation après reports (mois)')).toHaveValue(6);
    expect(screen.getByLabelText('Reports météo avant remboursement')).toHaveValue(7);
    for (const name of [
      'Prolonger les bons proches de leur échéance',
      'Prolonger après plusieurs reports météo',
      'Proposer le remboursement après plusieurs reports',
    ]) {
      // The switch's label holds its description too.
      expect(screen.getByLabelText(name, { exact: false })).toBeChecked();
    }
    const summary = screen.getByRole('figure', { name: 'Règles appliquées' });
    expect(within(summary).getByText('Au 5e report météo : + 6 mois, une fois.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Proposer le remboursement après plusieurs reports', { exact: false }));
    const days = screen.getByLabelText("Jours avant l'échéance");
    await user.clear(days);
    await user.type(days, '45');
    expect(within(summary).getByText('Remboursement : règle désactivée.')).toBeInTheDocument();
    expect(within(summary).getByText("Vol reporté à 45 jours ou moins de l'échéance : + 4 mois.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      settings: {
        validity_rule_near_expiry_enabled: 1,
        validity_rule_near_expiry_days: 45,
        validity_rule_near_expiry_months: 4,
        validity_rule_attempts_enabled: 1,
        validity_rule_attempts_count: 5,
        validity_rule_attempts_months: 6,
        validity_rule_refund_enabled: 0,
        validity_rule_refund_count: 7,
      },
    });
  });

  it('shows the server’s refusal beside its field', { timeout: 20_000 }, async () => {
    fake = fakeFetch(async (call) => {
      if (call.method === 'PUT') {
        return {
          status: 422,
          body: {
            message: 'Les données envoyées sont invalides.',
            errors: {
              'settings.validity_rule_refund_count': ['Le nombre de reports doit être compris entre 1 et 100.'],
            },
          },
        };
      }
      return { body: [] };
    });
    const user = userEvent.setup();
    renderWithProviders(<VoucherSettingsPage />);
    await screen.findByLabelText('Reports météo avant remboursement');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nombre de reports doit être compris entre 1 et 100.')).toBeInTheDocument();
  });
});

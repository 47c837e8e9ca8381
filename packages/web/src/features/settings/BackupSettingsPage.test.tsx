import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import BackupSettingsPage from './BackupSettingsPage';

// Paramètres › Sauvegardes (issue 32): the daily backup's folder and count, saved together; the server's refusal
// shown under its field.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => {
  cleanup();
  fake.restore();
  act(() => cleanNotifications());
});

describe('BackupSettingsPage', () => {
  it('shows the defaults, and saves the folder and the count', { timeout: 30_000 }, async () => {
    fake = fakeFetch(async (call) => {
      if (call.url.pathname === '/api/me') return { status: 401, body: {} };
      if (call.method === 'PUT') return { body: { data: [] } };
      return { body: [] };
    });
    const user = userEvent.setup();
    renderWithProviders(<BackupSettingsPage />);
    const folder = await screen.findByLabelText('Dossier des sauvegardes');
    const keep = screen.getByLabelText('Nombre de sauvegardes conservées');
    expect(folder).toHaveValue('');
    expect(keep).toHaveValue(7);
    await user.type(folder, '/var/backups/montgolfiere');
    await user.clear(keep);
    await user.type(keep, '14');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ settings: { backup_folder: '/var/backups/montgolfiere', backup_keep: 14 } });
  });

  it("shows the server's refusal under the folder", { timeout: 30_000 }, async () => {
    const refusal = 'Le dossier doit être un chemin absolu sur le serveur (500 caractères au plus).';
    fake = fakeFetch(async (call) => {
      if (call.method === 'PUT')
        return { status: 422, body: { message: refusal, errors: { 'settings.backup_folder': [refusal] } } };
      return { body: [{ key: 'backup_folder', value: '/srv/sauvegardes' }] };
    });
    const user = userEvent.setup();
    renderWithProviders(<BackupSettingsPage />);
    const folder = await screen.findByDisplayValue('/srv/sauvegardes');
    await user.clear(folder);
    await user.type(folder, 'sauvegardes');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

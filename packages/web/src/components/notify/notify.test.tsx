import { NOTIFICATION_TIMEOUT_MS } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { notifyFailure, notifySuccess } from './notify';

afterEach(() => {
  act(() => cleanNotifications());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('shows a success message', async () => {
    renderWithProviders(<div />);
    act(() => {
      notifySuccess('Données sauvegardées');
    });
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    // Its cross is named in French, for screen readers.
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });

  it('shows a failure in red and logs the server response', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<div />);
    const error = new ApiError(500, { message: 'boom' });
    act(() => {
      notifyFailure('La création de la réservation a échoué', error);
    });
    const message = await screen.findByText('La création de la réservation a échoué');
    const notification = message.closest('.mantine-Notification-root');
    expect(notification).toHaveStyle({ '--notification-color': 'var(--mantine-color-red-filled)' });
    expect(log).toHaveBeenCalledWith('La création de la réservation a échoué', 500, { message: 'boom' });
  });

  it('stays silent on a 503: the maintenance page is shown instead', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<div data-testid="page" />);
    let id: string | null = '';
    act(() => {
      id = notifyFailure('Erreur de chargement de la liste de données', new ApiError(503, { message: 'Maintenance' }));
    });
    await screen.findByTestId('page');
    expect(id).toBeNull();
    expect(screen.queryByText('Erreur de chargement de la liste de données')).not.toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it('closes by itself after 4000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<div />);
    act(() => {
      notifyFailure('Erreur de chargement de la liste de données');
    });
    expect(screen.getByText('Erreur de chargement de la liste de données')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 100);
    });
    expect(screen.getByText('Erreur de chargement de la liste de données')).toBeInTheDocument();
    // 200 ms past the time-out, plus the exit transition.
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() =>
      expect(screen.queryByText('Erreur de chargement de la liste de données')).not.toBeInTheDocument(),
    );
  });
});

import { cleanNotifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { notifySuccess } from './notify';

afterEach(() => {
  act(() => cleanNotifications());
});

describe('the notifications container', () => {
  it('is not built with the first screen, and shows a notification sent before it was', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>Tableau de bord</p>
      </AppProviders>,
    );
    expect(screen.getByText('Tableau de bord')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifySuccess('Réservation enregistrée');
    });
    expect(await screen.findByText('Réservation enregistrée')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});

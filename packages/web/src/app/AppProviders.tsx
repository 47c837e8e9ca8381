import { NOTIFICATION_TIMEOUT_MS } from '@app/domain';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyNotifications } from '../components/notify/LazyNotifications';
import { cssVariablesResolver, theme } from '../theme';

/** Mantine with the theme, French dates with weeks from Monday, notifications (4000 ms), the query cache.
 * The modals provider sits in the authenticated layout: the sign-in page needs no dialog code.
 * Notifications at the bottom centre: at the top right they covered a sidebar's date and close button and a
 * dialog's close button (issue 27); the bottom right holds the new-version notice. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
          <LazyNotifications autoClose={NOTIFICATION_TIMEOUT_MS} position="bottom-center" />
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

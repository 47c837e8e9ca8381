// The styles of the Mantine components the office uses (mantine-styles-plugin.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalResponses } from './api/global';
import { AppProviders } from './app/AppProviders';
import { appQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { installFrenchValidity } from './lib/french-validity';
import { ROUTE_PATHS } from './lib/routes';
import { setMaintenance } from './session/store';

// The browser's own validation bubbles in French, whatever its language.
installFrenchValidity();

const router = createAppRouter();

installGlobalResponses({
  currentPath: () => router.state.location.pathname,
  loginPath: ROUTE_PATHS.login,
  maintenancePath: ROUTE_PATHS.maintenance,
  reload: () => window.location.reload(),
  setMaintenance: (isOn) => setMaintenance(isOn),
  goToMaintenance: (from) => {
    setMaintenance(true, from);
    router.navigate(ROUTE_PATHS.maintenance, { replace: true });
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// A transition: the boot screen is already painted by index.html, so React may build the app in slices and leave the
// phone's main thread free between them, rather than in one block.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={appQueryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

/// <reference types="vite-plugin-pwa/client" />
// The styles of the Mantine components the field's page uses, not the office's (mantine-styles-plugin.ts).
import 'virtual:mantine-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { UpdateNotice } from './components/UpdateNotice';
import FieldPage from './features/field/FieldPage';
import { readDeviceEarly } from './features/field/field-offline';
import { fieldUser } from './features/field/field-session';
import { installFrenchValidity } from './lib/french-validity';
import { baseTheme, cssVariablesResolver } from './theme-base';

// The launch field's own page (terrain.html, which the server and the service worker answer for /terrain and
// /terrain/{id}): the crew opens it on a phone, often without signal, so it loads only what the field needs —
// Mantine's core, the query cache and the field's two screens — and none of the office's router, dialogs, calendar,
// editor or charts. The sign-in page and 'Back-office' are the office's: the browser loads them as a new page.

installFrenchValidity();
// The device's copy of the day starts loading now, beside React's start (without network it is all the page has).
void readDeviceEarly();

async function start(root: HTMLElement) {
  const user = await fieldUser(window.location);
  if ('signIn' in user) {
    window.location.replace(user.signIn);
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <MantineProvider theme={baseTheme} cssVariablesResolver={cssVariablesResolver}>
          <FieldPage me={user.me} />
          {/* Registers the service worker, which keeps the field's files without network, and offers a new version. */}
          <UpdateNotice />
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from terrain.html');
void start(root);

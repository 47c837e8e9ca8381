import { useRegisterSW } from 'virtual:pwa-register/react';
import { Affix, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { afterPageLoad } from '../lib/after-load';

// A notice when a new version of the app is waiting to be activated (vite-plugin-pwa, prompt mode), on the office's
// pages and on the launch field's. Staff keep the app open all day, so the service worker also looks for a new
// version every hour (when there is a network). On the field nothing typed is lost by the reload it makes: the day and
// its waiting writes are kept in the device (IndexedDB).
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function UpdateNotice() {
  // The service worker copies the whole app (some 3.6 MB) for the field and the next visits: registered once the page
  // has loaded and the browser is idle, it no longer competes with a phone's first screen for the network and the
  // processor.
  const [isPageLoaded, setPageLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setPageLoaded(true)), []);
  return isPageLoaded ? <ServiceWorkerUpdates /> : null;
}

function ServiceWorkerUpdates() {
  const {
    needRefresh: [isUpdateWaiting],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
  if (!isUpdateWaiting) return null;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Paper shadow="lg" radius="md" p="md" withBorder maw={360} role="status" aria-live="polite">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconRefresh size={18} />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={500}>
              Une nouvelle version de l'application est disponible.
            </Text>
            <Button mt="sm" size="xs" onClick={() => updateServiceWorker(true)}>
              Mettre à jour
            </Button>
          </div>
        </Group>
      </Paper>
    </Affix>
  );
}

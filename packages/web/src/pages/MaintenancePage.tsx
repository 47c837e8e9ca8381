import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { BalloonMark } from '../components/Logo/Logo';
import { pathTo } from '../lib/routes';
import { resetSession, setMaintenance, setMe, takeMaintenanceFrom } from '../session/store';

/** How often the page asks whether the service is back; gentle on a server that is being worked on. */
export const MAINTENANCE_POLL_MS = 5000;

/**
 * Shown while the API answers 503. It asks for the current user now and then: any answer other than
 * 503 means maintenance is over (a 401 just means nobody is signed in), and the user goes back where they were.
 */
export default function MaintenancePage() {
  const navigate = useNavigate();

  useEffect(() => {
    let isStopped = false;
    const leave = () => {
      if (isStopped) return;
      isStopped = true;
      setMaintenance(false);
      navigate(takeMaintenanceFrom() ?? pathTo('home'), { replace: true });
    };
    const check = async () => {
      try {
        setMe(await authApi.me());
        leave();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 503) return;
        resetSession();
        leave();
      }
    };
    check();
    const timer = setInterval(check, MAINTENANCE_POLL_MS);
    return () => {
      isStopped = true;
      clearInterval(timer);
    };
  }, [navigate]);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <BalloonMark size={72} />
        <Title order={1}>Maintenance en cours</Title>
        <Text>
          L'application est momentanément indisponible pendant une opération de maintenance. Elle sera de nouveau
          accessible dans quelques instants.
        </Text>
        <Text size="sm" c="dimmed">
          Cette page se rafraîchit toute seule dès que le service est rétabli.
        </Text>
        <Loader size="sm" type="dots" aria-label="En attente du service" />
      </Stack>
    </Center>
  );
}

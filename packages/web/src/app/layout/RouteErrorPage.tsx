import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BalloonMark } from '../../components/Logo/Logo';
import NotFoundPage from '../../pages/NotFoundPage';

/** Errors of any route: a 404 (a non-digit id, for instance) shows the not-found page; anything else offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <BalloonMark size={64} />
        <Title order={1} fz="h2">
          Une erreur est survenue
        </Title>
        <Text c="dimmed">
          La page n'a pas pu s'afficher. Rechargez-la ; si le problème continue, prévenez l'administrateur.
        </Text>
        <Button onClick={() => window.location.reload()}>Recharger la page</Button>
      </Stack>
    </Center>
  );
}

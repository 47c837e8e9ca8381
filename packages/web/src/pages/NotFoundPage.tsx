import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BalloonMark } from '../components/Logo/Logo';
import { useDocumentTitle } from '../lib/page-title';
import { pathTo } from '../lib/routes';

/** The catch-all page, also shown for a route parameter that is not digits only. */
export default function NotFoundPage() {
  useDocumentTitle('Page introuvable');
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <BalloonMark size={64} />
        <Title order={1}>Page introuvable</Title>
        <Text c="dimmed">La page demandée n'existe pas ou a été déplacée.</Text>
        <Button component={Link} to={pathTo('home')}>
          Retour à l'accueil
        </Button>
      </Stack>
    </Center>
  );
}

import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { BalloonMark } from '../../components/Logo/Logo';
import { usePageHeading } from '../../lib/route-handle';
import classes from './AuthLayout.module.css';

/** The auth area (/auth): reachable without a session, one card in the middle of the screen. */
export default function AuthLayout() {
  const { title } = usePageHeading();
  return (
    <Box className={classes.background}>
      <Center component="main" mih="100vh" p="md">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <Stack align="center" gap={4} mb="lg">
            <BalloonMark size={56} />
            <Text size="sm" c="dimmed" fw={500}>
              Back-office montgolfière
            </Text>
            {title && (
              <Text component="h1" fz="h2" fw={700} m={0} ta="center">
                {title}
              </Text>
            )}
          </Stack>
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}

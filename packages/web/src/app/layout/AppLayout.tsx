import type { Me } from '@app/domain';
import {
  ActionIcon,
  AppShell,
  Burger,
  Center,
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Text,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/Logo/Logo';
import { useSession } from '../../session/store';
import { useOperatorTimeZone } from '../operator-time-zone';
import { Navigation } from './Navigation';
import { useNavigationCollapsed } from './navigation-collapse';
import { navigationItems } from './navigation-items';
import { useOpenBookingCounts, useWaitingRequestCount, WAITING_REQUESTS_COUNT } from './open-booking-counts';
import { PageHeading } from './PageHeading';
import { UserMenu } from './UserMenu';

const NAVBAR_WIDTH = 260;
const NAVBAR_COLLAPSED_WIDTH = 80;

/**
 * The authenticated area's frame: a collapsible navigation on desktop (from 1024 px, theme breakpoint md),
 * a burger and a drawer below; the page title in the header.
 */
export function AppLayout() {
  const { me } = useSession();
  // Signing out resets the session a moment before the navigation to login unmounts this layout.
  if (!me) return null;
  return <SignedInLayout me={me} />;
}

function SignedInLayout({ me }: { me: Me }) {
  const [isCollapsed, toggleCollapsed] = useNavigationCollapsed();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  // The side navigation is built only where it shows: a phone or tablet reaches it through the drawer.
  const isWide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  const appName = me.global.app_name;

  // The drawer closes on every navigation (including back/forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the path on purpose.
  useEffect(() => {
    drawer.close();
  }, [pathname, drawer.close]);

  return (
    <ModalsProvider labels={{ confirm: 'Valider', cancel: 'Annuler' }}>
      <OperatorTimeZone />
      <AppShell
        layout="alt"
        header={{ height: 64 }}
        navbar={{
          width: isCollapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
          breakpoint: 'md',
          collapsed: { mobile: true },
        }}
        padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
      >
        <AppShell.Header px={{ base: 'sm', sm: 'md' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                hiddenFrom="md"
                opened={isDrawerOpen}
                onClick={drawer.toggle}
                size="sm"
                aria-label="Ouvrir la navigation"
              />
              <PageHeading />
            </Group>
            <UserMenu user={me.user} />
          </Group>
        </AppShell.Header>

        {isWide && (
          <AppShell.Navbar aria-label="Navigation principale" visibleFrom="md">
            <AppShell.Section px={isCollapsed ? 0 : 'md'} h={64} style={{ display: 'flex', alignItems: 'center' }}>
              <Group justify={isCollapsed ? 'center' : 'flex-start'} w="100%">
                <Logo name={appName} isCompact={isCollapsed} />
              </Group>
            </AppShell.Section>
            <AppShell.Section grow component={ScrollArea} px={isCollapsed ? 0 : 'sm'} py="sm">
              <CountedNavigation me={me} isCollapsed={isCollapsed} />
            </AppShell.Section>
            <AppShell.Section p="sm">
              <Group justify={isCollapsed ? 'center' : 'space-between'} wrap="nowrap">
                {!isCollapsed && (
                  <Text size="xs" c="dimmed">
                    Version {me.global.version}
                  </Text>
                )}
                <Tooltip label={isCollapsed ? 'Déplier la navigation' : 'Réduire la navigation'} position="right">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={toggleCollapsed}
                    aria-label={isCollapsed ? 'Déplier la navigation' : 'Réduire la navigation'}
                    aria-expanded={!isCollapsed}
                  >
                    {isCollapsed ? (
                      <IconLayoutSidebarLeftExpand size={20} />
                    ) : (
                      <IconLayoutSidebarLeftCollapse size={20} />
                    )}
                  </ActionIcon>
                </Tooltip>
              </Group>
            </AppShell.Section>
          </AppShell.Navbar>
        )}

        <Drawer
          opened={isDrawerOpen}
          onClose={drawer.close}
          hiddenFrom="md"
          size={300}
          title={<Logo name={appName} onNavigate={drawer.close} />}
          closeButtonProps={{ 'aria-label': 'Fermer la navigation' }}
        >
          <nav aria-label="Navigation principale">
            <CountedNavigation me={me} onNavigate={drawer.close} />
          </nav>
        </Drawer>

        <AppShell.Main>
          {/* The first screen of a visit: the frame and its title show while the page's code and read arrive. */}
          <Suspense
            fallback={
              <Center py="xl">
                <Loader role="status" aria-label="Chargement de la page" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}

/**
 * The navigation with its counts beside the bookings' statuses and the waiting requests: read here, so that their
 * answers (every minute) redraw the list, not the whole frame and the page in it.
 */
function CountedNavigation({ me, ...props }: { me: Me; isCollapsed?: boolean; onNavigate?: () => void }) {
  const items = navigationItems(me, {
    ...useOpenBookingCounts(),
    [WAITING_REQUESTS_COUNT]: useWaitingRequestCount(),
  });
  return <Navigation items={items} {...props} />;
}

/** The operator's time zone kept in step, from a leaf of its own for the same reason. */
function OperatorTimeZone() {
  useOperatorTimeZone();
  return null;
}

import type { Me } from '@app/domain';
import { BOOKING_STATUSES } from '@app/domain';
import {
  IconBalloon,
  IconCalendarEvent,
  IconChartBar,
  IconClipboardList,
  IconDatabase,
  IconFileImport,
  IconHistory,
  IconLayoutDashboard,
  IconList,
  IconMapPin,
  IconSettings,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { statusIcon } from '../../components/StatusTag/status-icons';
import type { NavigationLink } from '../../components/SubNavigation/SubNavigation';
import { canAccess } from '../../lib/guards';
import { pathTo } from '../../lib/routes';

export type NavigationItem = NavigationLink & {
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Path prefix that makes the item active. */
  section: string;
  children?: NavigationLink[];
};

const waitingRequestsLabel = (count: number) => `${count} demande${count > 1 ? 's' : ''} d'inscription en attente`;

/**
 * The main navigation; items the user may not open are left out, mirroring the route guards. `counts`
 * are the bookings of the open statuses, by slug (useOpenBookingCounts), and the waiting registration requests
 * under 'registration-requests' (useWaitingRequestCount), shown on the 'Vols' entry that lists the flights with one.
 */
export function navigationItems(me: Me, counts: Partial<Record<string, number>> = {}): NavigationItem[] {
  const items: (NavigationItem | false)[] = [
    { label: 'Tableau de bord', to: pathTo('dashboard'), section: '/dashboard', icon: IconLayoutDashboard },
    {
      label: 'Réservations',
      to: pathTo('bookings', { status: BOOKING_STATUSES.pending.slug }),
      section: '/bookings',
      icon: IconClipboardList,
      children: Object.values(BOOKING_STATUSES).map((status) => ({
        label: status.labelPlural,
        to: pathTo('bookings', { status: status.slug }),
        icon: statusIcon(status.icon),
        count: counts[status.slug],
      })),
    },
    { label: 'Planning', to: pathTo('planning'), section: '/planning', icon: IconCalendarEvent },
    {
      label: 'Vols',
      to: pathTo('flights'),
      section: '/flights',
      icon: IconBalloon,
      // The list first: the waiting requests are news of their own, counted beside their entry (no badge at zero),
      // not what 'Vols' opens (a newcomer took the filtered list for all the operator's flights).
      children: [
        { label: 'Liste des vols', to: pathTo('flights'), icon: IconList },
        {
          label: "Demandes d'inscription",
          to: pathTo('flights', undefined, { requests: 'pending' }),
          icon: IconUserPlus,
          count: counts['registration-requests'] || undefined,
          countLabel: waitingRequestsLabel,
        },
      ],
    },
    canAccess('remoteOrders', me) && {
      label: 'Commandes à distance',
      to: pathTo('remote-orders'),
      section: '/remote-orders',
      icon: IconFileImport,
    },
    // Every signed-in user: the launch field's day of the flights they crew (issue 31).
    { label: 'Terrain', to: pathTo('field'), section: '/terrain', icon: IconMapPin },
    { label: 'Autres données', to: pathTo('other-data'), section: '/other-data', icon: IconDatabase },
    canAccess('settings', me) && {
      label: 'Paramètres',
      to: pathTo('settings'),
      section: '/settings',
      icon: IconSettings,
    },
    canAccess('users', me) && { label: 'Utilisateurs', to: pathTo('users'), section: '/users', icon: IconUsers },
    canAccess('settings', me) && { label: 'Historique', to: pathTo('history'), section: '/history', icon: IconHistory },
    canAccess('settings', me) && {
      label: 'Rapports',
      to: pathTo('vouchers-report'),
      section: '/reports',
      icon: IconChartBar,
    },
  ];
  return items.filter((item): item is NavigationItem => item !== false);
}

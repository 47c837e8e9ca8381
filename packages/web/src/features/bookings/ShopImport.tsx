import { Alert, Anchor, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { bookingReads, bookingWrites } from '../../api/endpoints/bookings';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { formatStamp } from '../../lib/format';
import { pathTo } from '../../lib/routes';
import type { Booking } from './booking-model';
import { PrestationToSpecifyTag } from './PrestationToSpecify';

// Online-shop import (issue 11): 'Importer les dernières commandes' on the pending bookings list, shown
// when the shop is configured; the dialog says how many orders became bookings, 'Aucune nouvelle commande', or
// 'Une erreur est survenue pendant l'import' with the server's French reasons. And the shop-sync notifications
// of a booking from the shop (each push of its completion or cancellation to the shop's order).

export const IMPORT_FAILED = "Une erreur est survenue pendant l'import";

type ImportState =
  | { kind: 'running' }
  | { kind: 'done'; bookings: Booking[] }
  | { kind: 'failed'; message: string | null; errors: string[]; bookings: Booking[] };

export const importedCountLabel = (count: number): string =>
  count === 0 ? 'Aucune nouvelle commande' : count === 1 ? '1 commande importée' : `${count} commandes importées`;

function ImportedLinks({ bookings }: { bookings: Booking[] }) {
  if (!bookings.length) return null;
  return (
    <List size="sm" spacing={2}>
      {bookings.slice(0, 20).map((booking) => (
        <List.Item key={booking.id}>
          <Anchor component={Link} to={pathTo('single-booking', { bookingId: booking.id })}>
            {`Réservation ${booking.number}`}
          </Anchor>
          {booking.referent_passenger?.full_name ? ` — ${booking.referent_passenger.full_name}` : ''}{' '}
          <PrestationToSpecifyTag booking={booking} />
        </List.Item>
      ))}
      {bookings.length > 20 && <List.Item>{`et ${bookings.length - 20} autres`}</List.Item>}
    </List>
  );
}

export function ShopImportButton() {
  // Without the shop's status the button stays hidden: nothing to say.
  const status = useApiQuery(bookingReads.shopStatus, { failure: null, staleTime: 60_000 });
  const invalidate = useInvalidate();
  const [state, setState] = useState<ImportState | null>(null);
  if (!status.data?.configured) return null;

  const run = async () => {
    setState({ kind: 'running' });
    try {
      const bookings = await bookingWrites.importShopOrders<Booking>();
      setState({ kind: 'done', bookings });
      if (bookings.length) void invalidate('bookings');
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as ApiError['body'] & { imported?: Booking[] }) : null;
      const errors = Object.entries(body?.errors ?? {}).flatMap(([order, messages]) =>
        messages.map((message) => (order === '_' ? message : `${order.replace(/^commande/, 'Commande')} : ${message}`)),
      );
      const bookings = body?.imported ?? [];
      setState({ kind: 'failed', message: body?.message ?? null, errors, bookings });
      if (bookings.length) void invalidate('bookings');
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconCloudDownload size={16} aria-hidden />} onClick={run}>
        Importer les dernières commandes
      </Button>
      <Modal
        opened={state !== null}
        onClose={() => state?.kind !== 'running' && setState(null)}
        withCloseButton={state?.kind !== 'running'}
        closeOnClickOutside={state?.kind !== 'running'}
        title="Import des commandes de la boutique"
      >
        {state?.kind === 'running' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Import des commandes en cours...</Text>
          </Group>
        )}
        {state?.kind === 'done' && (
          <Stack gap="sm">
            <Alert color={state.bookings.length ? 'green' : 'gray'} icon={<IconCheck size={16} aria-hidden />}>
              {importedCountLabel(state.bookings.length)}
            </Alert>
            <ImportedLinks bookings={state.bookings} />
            <Group justify="flex-end">
              <Button onClick={() => setState(null)}>Fermer</Button>
            </Group>
          </Stack>
        )}
        {state?.kind === 'failed' && (
          <Stack gap="sm">
            <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} title={IMPORT_FAILED}>
              {state.message}
              {state.errors.length > 0 && (
                <List size="sm" mt={4}>
                  {state.errors.slice(0, 50).map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
            {state.bookings.length > 0 && <Text size="sm">{importedCountLabel(state.bookings.length)}</Text>}
            <ImportedLinks bookings={state.bookings} />
            <Group justify="flex-end">
              <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={run}>
                Réessayer
              </Button>
              <Button onClick={() => setState(null)}>Fermer</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** The pushes of a shop booking's status to its shop order, newest first (nothing for other bookings). */
export function ShopSyncNotifications({ booking }: { booking: Booking & { woocommerce_order_id?: string | null } }) {
  const hasOrder = Boolean(booking.woocommerce_order_id);
  // A failure is said in the card itself.
  const notifications = useApiQuery(bookingReads.shopSyncNotifications(booking.id, booking.booking_status_id), {
    failure: null,
    enabled: hasOrder,
  });
  if (!hasOrder) return null;
  const rows = notifications.data ?? [];
  return (
    <Alert
      color="blue"
      variant="light"
      p="xs"
      title={`Commande ${booking.woocommerce_order_id} de la boutique en ligne`}
    >
      {notifications.isError && <Text size="sm">Erreur de chargement des synchronisations avec la boutique</Text>}
      {!notifications.isError && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucune synchronisation avec la boutique pour l'instant.
        </Text>
      )}
      <Stack gap={2}>
        {rows.slice(0, 10).map((row) => (
          <Group key={row.id} gap={6} wrap="nowrap" align="flex-start">
            {row.is_success ? (
              <IconCheck size={14} color="var(--mantine-color-green-8)" aria-label="Réussie" />
            ) : (
              <IconAlertTriangle size={14} color="var(--mantine-color-red-8)" aria-label="Échec" />
            )}
            <Text size="sm">
              <Text span size="xs" c="dimmed">{`${formatStamp(row.created_at)} `}</Text>
              {row.message}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

import { bookingPath, MESSAGES, passengerTicketPdfPath } from '@app/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { apiUrl } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { CompanyDetailsAlert } from '../settings';
import { useBooking } from './BookingPage';
import type { Passenger } from './booking-model';

// single-booking tickets (issue 8): the PDF tickets rendered by the server from the ticket template of the booking's
// prestation, one for the whole booking and one per passenger, previewed in the page and downloadable. Above them, a
// warning while the operator's details the tickets print are missing (issue 27).

export default function BookingTicketsPage() {
  const { booking } = useBooking();
  const bookingPdf = apiUrl(`${bookingPath(booking.id)}/tickets.pdf`);
  const [preview, setPreview] = useState(bookingPdf);
  const result = useApiQuery(
    resource('passengers').list<Passenger>({ filters: [{ field: 'booking_id', op: '=', value: String(booking.id) }] }),
    { failure: MESSAGES.passengersLoadFailed },
  );
  const passengers = result.data ?? [];

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <Stack gap="md">
        <CompanyDetailsAlert withLink />
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            Toute la réservation
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {passengers.length === 0
              ? 'Aucun passager : ajoutez-les dans l’onglet Passagers pour imprimer leurs billets.'
              : `${passengers.length} billet${passengers.length > 1 ? 's' : ''}, un par passager.`}
          </Text>
          <Group gap="xs">
            <Button
              variant={preview === bookingPdf ? 'filled' : 'default'}
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={() => setPreview(bookingPdf)}
              disabled={passengers.length === 0}
            >
              Aperçu
            </Button>
            <Button
              component="a"
              href={bookingPdf}
              download={`billets-${booking.number}.pdf`}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              data-disabled={passengers.length === 0 || undefined}
            >
              Télécharger les billets
            </Button>
          </Group>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            Par passager
          </Title>
          <Stack gap={6}>
            {passengers.map((p) => {
              const url = apiUrl(passengerTicketPdfPath(p.id));
              return (
                <Group key={p.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component="button" type="button" size="sm" onClick={() => setPreview(url)} ta="left">
                    <Group gap={6} component="span" wrap="nowrap">
                      <IconTicket size={14} aria-hidden />
                      {`${p.full_name} · ${p.ticket_number ?? ''}`}
                    </Group>
                  </Anchor>
                  <Button
                    component="a"
                    href={url}
                    download={`billet-${p.ticket_number ?? p.id}.pdf`}
                    variant="subtle"
                    size="compact-sm"
                    aria-label={`Télécharger le billet de ${p.full_name}`}
                  >
                    <IconDownload size={14} />
                  </Button>
                </Group>
              );
            })}
            {result.isSuccess && passengers.length === 0 && (
              <Text size="sm" c="dimmed">
                {MESSAGES.noData}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
      <Paper withBorder radius="md" style={{ gridColumn: 'span 2', overflow: 'hidden', minHeight: 640 }}>
        {passengers.length > 0 ? (
          <iframe
            // Reloaded whenever the passengers are read again (the server answers PDFs with no-store).
            key={`${preview}-${result.dataUpdatedAt}`}
            title="Aperçu des billets"
            src={preview}
            style={{ width: '100%', height: '100%', minHeight: 640, border: 0 }}
          />
        ) : (
          <Text p="md" c="dimmed">
            Aucun billet à afficher.
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

import {
  MESSAGES,
  REGISTRATION_REQUEST_STATUSES,
  type RegistrationRequestStatusSlug,
  registrationRequestAcceptPath,
  registrationRequestRefusePath,
} from '@app/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError, api } from '../../api/client';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { confirmAccept, confirmReject, notifySuccess, StatusTag, SummaryCard } from '../../components';
import { formatLongDate, formatStamp } from '../../lib/format';
import { pathTo } from '../../lib/routes';

// Registration requests filed on the public planning widget (issue 11 point 4): on the booking
// page they name the flight asked for, on the flight page the booking and its referent. Staff decide each waiting
// one with the 'Accepter' / 'Refuser' confirmations; the server registers the passengers (or says why it cannot)
// and mails the customer.

export type RegistrationRequest = {
  id: number;
  booking_id: number;
  flight_id: number;
  created_at: string;
  status: RegistrationRequestStatusSlug;
  decided_at: string | null;
  flight?: {
    id: number;
    scheduled_date: string;
    scheduled_time: string;
    location: { label: string } | null;
  } | null;
  booking?: {
    id: number;
    number: string;
    passengers_number: number;
    referent_passenger: { full_name: string } | null;
  } | null;
};

/** A refusal the server explains (flight closed, not enough seats, already decided) in its own French words. */
const decisionFailure = (fallback: string) => (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.body?.message ? error.body.message : fallback;

type Props = { of: 'booking' | 'flight'; id: number; onDecided?: () => void };

export function RegistrationRequestsCard({ of, id, onDecided }: Props) {
  const invalidate = useInvalidate();
  const requests = useApiQuery(
    resource<RegistrationRequest>('registration-requests').list({
      filters: [{ field: `${of}_id`, op: '=', value: String(id) }],
      embed: of === 'booking' ? ['flight.location'] : ['booking.referent_passenger'],
      order: [{ field: 'created_at', direction: 'DESC' }],
    }),
    { failure: MESSAGES.registrationRequestsLoadFailed },
  );

  const describe = (request: RegistrationRequest): string => {
    const flight = request.flight;
    if (of === 'booking' && flight) {
      const place = flight.location ? ` · ${flight.location.label}` : '';
      return `le vol du ${formatLongDate(flight.scheduled_date)} à ${flight.scheduled_time.slice(0, 5)}${place}`;
    }
    const booking = request.booking;
    return booking ? `la réservation ${booking.number}` : 'cette demande';
  };
  const decided = () => {
    void invalidate('registration-requests');
    onDecided?.();
  };
  const accept = async (request: RegistrationRequest) => {
    const isDone = await confirmAccept({
      title: "Accepter la demande d'inscription",
      message:
        of === 'booking'
          ? `Les passagers de cette réservation seront inscrits sur ${describe(request)}, et le client prévenu par email.`
          : `Les passagers de ${describe(request)} seront inscrits sur ce vol, et le client prévenu par email.`,
      onConfirm: () => api.post(registrationRequestAcceptPath(request.id)),
      failureMessage: decisionFailure("L'acceptation de la demande a échoué"),
    });
    if (!isDone) return;
    notifySuccess('Demande acceptée : passagers inscrits');
    decided();
  };
  const refuse = async (request: RegistrationRequest) => {
    const isDone = await confirmReject({
      title: "Refuser la demande d'inscription",
      message: `La demande pour ${describe(request)} sera refusée, et le client prévenu par email.`,
      onConfirm: () => api.post(registrationRequestRefusePath(request.id)),
      failureMessage: decisionFailure('Le refus de la demande a échoué'),
    });
    if (!isDone) return;
    notifySuccess('Demande refusée');
    decided();
  };

  const list = requests.data ?? [];
  // A list only while there are requests: an ARIA list holds nothing but its items ('Aucune demande.' is not one).
  const listRole = list.length > 0 ? { role: 'list', 'aria-label': "Demandes d'inscription" } : {};
  return (
    <SummaryCard title="Demandes d'inscription">
      <Stack gap="sm" {...listRole}>
        {list.map((request) => {
          const status = REGISTRATION_REQUEST_STATUSES[request.status] ?? REGISTRATION_REQUEST_STATUSES.pending;
          return (
            <Stack key={request.id} gap={4} role="listitem">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  {of === 'booking' && request.flight ? (
                    <Anchor component={Link} to={pathTo('single-flight', { flightId: request.flight_id })} size="sm">
                      Vol du {formatLongDate(request.flight.scheduled_date)} à{' '}
                      {request.flight.scheduled_time.slice(0, 5)}
                    </Anchor>
                  ) : request.booking ? (
                    <Anchor component={Link} to={pathTo('single-booking', { bookingId: request.booking_id })} size="sm">
                      Réservation {request.booking.number}
                      {request.booking.referent_passenger ? ` · ${request.booking.referent_passenger.full_name}` : ''}
                    </Anchor>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {of === 'booking' && request.flight?.location ? `${request.flight.location.label} · ` : ''}
                    {of === 'flight' && request.booking
                      ? `${request.booking.passengers_number} passager${request.booking.passengers_number > 1 ? 's' : ''} · `
                      : ''}
                    Demandée le {formatStamp(request.created_at)}
                  </Text>
                </Stack>
                <StatusTag color={status.color}>{status.label}</StatusTag>
              </Group>
              {request.status === 'pending' && (
                <Group gap="xs" justify="flex-end">
                  <Button size="compact-sm" variant="light" color="red" onClick={() => refuse(request)}>
                    {MESSAGES.reject}
                  </Button>
                  <Button size="compact-sm" color="green" onClick={() => accept(request)}>
                    {MESSAGES.accept}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
        {requests.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Aucune demande.
          </Text>
        )}
      </Stack>
    </SummaryCard>
  );
}

import { PUBLIC_REGISTRATION_REQUESTS_PATH, type PublicFlight, REGISTRATION_REQUEST_RECEIVED } from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, publicApi } from '../../api/client';
import { publicPlanningRead } from '../../api/endpoints/public';
import { useApiQuery } from '../../api/hooks';
import { formatLongDate } from '../../lib/format';

// /widget/planning (issue 11 point 3): the page an operator frames in its own site. No session and no app shell:
// the coming public flights (GET /api/public/planning, the server already leaves out anything personal and the
// restrictive locations unless `?location_id=` names one), and a form to ask to join one with the booking number
// and the referent's last name. The server frames only /widget/* (http/security-headers.ts).

/** '07:30' → '07h30', as French sites write times. */
const frenchTime = (time: string) => time.slice(0, 5).replace(':', 'h');

/** 'lundi 23 novembre 2026' → 'Lundi 23 novembre 2026' (CSS capitalize would capitalise the month too). */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const LOAD_FAILED = 'Le planning est momentanément indisponible. Réessayez dans quelques instants.';
const SEND_FAILED = "L'envoi de la demande a échoué. Réessayez dans quelques instants.";

const seatsLabel = (flight: PublicFlight): string | null => {
  if (flight.is_full) return 'Complet';
  if (flight.seats_left === null) return null;
  return `${flight.seats_left} place${flight.seats_left > 1 ? 's' : ''} restante${flight.seats_left > 1 ? 's' : ''}`;
};

/** The server's own French reason (flight no longer offered, too many requests), else a generic one. */
const failureText = (error: unknown): string => {
  if (error instanceof ApiError && error.status < 500) {
    const fieldMessage = error.body?.errors ? Object.values(error.body.errors)[0]?.[0] : undefined;
    return fieldMessage ?? error.body?.message ?? SEND_FAILED;
  }
  return SEND_FAILED;
};

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string };

function RequestDialog({ flight, onClose }: { flight: PublicFlight | null; onClose: () => void }) {
  const [number, setNumber] = useState('');
  const [lastName, setLastName] = useState('');
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const close = () => {
    setOutcome(null);
    setNumber('');
    setLastName('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!flight) return;
    setSending(true);
    setOutcome(null);
    try {
      await publicApi.post(PUBLIC_REGISTRATION_REQUESTS_PATH, {
        flight_id: flight.id,
        booking_number: number.trim(),
        last_name: lastName.trim(),
      });
      setOutcome({ kind: 'sent' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureText(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={flight !== null} onClose={close} title="Demande d'inscription" centered>
      {flight && (
        <Stack gap="md">
          <Text size="sm">
            Vol du {formatLongDate(flight.scheduled_date)} à {frenchTime(flight.scheduled_time)}
            {flight.location ? ` · ${flight.location.label}` : ''}
          </Text>
          {outcome?.kind === 'sent' ? (
            <>
              <Alert color="green" title="Demande envoyée" role="status">
                {REGISTRATION_REQUEST_RECEIVED}
              </Alert>
              <Group justify="flex-end">
                <Button onClick={close}>Retour au planning</Button>
              </Group>
            </>
          ) : (
            <form onSubmit={submit}>
              <Stack gap="sm">
                <TextInput
                  label="Numéro de réservation"
                  description="Il figure sur votre bon cadeau ou votre confirmation de commande."
                  required
                  maxLength={50}
                  value={number}
                  onChange={(event) => setNumber(event.currentTarget.value)}
                  autoComplete="off"
                />
                <TextInput
                  label="Nom du passager référent"
                  required
                  maxLength={100}
                  value={lastName}
                  onChange={(event) => setLastName(event.currentTarget.value)}
                  autoComplete="family-name"
                />
                {outcome?.kind === 'failed' && (
                  <Alert color="red" role="alert">
                    {outcome.message}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={close} disabled={isSending}>
                    Annuler
                  </Button>
                  <Button type="submit" loading={isSending}>
                    Envoyer la demande
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function FlightRow({ flight, onPick }: { flight: PublicFlight; onPick: () => void }) {
  const seats = seatsLabel(flight);
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`Vol de ${frenchTime(flight.scheduled_time)}`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Text fw={600}>{frenchTime(flight.scheduled_time)}</Text>
          {(flight.location || flight.prestation) && (
            <Text size="sm" c="dimmed">
              {[flight.location?.label, flight.prestation?.label].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {seats && (
            <Badge
              color={flight.is_full ? 'red' : flight.seats_left !== null && flight.seats_left <= 2 ? 'orange' : 'green'}
              variant="light"
            >
              {seats}
            </Badge>
          )}
          <Button size="sm" onClick={onPick} disabled={flight.is_full}>
            Demander l'inscription
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export default function PublicPlanningPage() {
  const [params] = useSearchParams();
  const locationId = params.get('location_id');
  const [picked, setPicked] = useState<PublicFlight | null>(null);
  // A disabled widget or an unknown place answers 404, which the page says in place: no notice.
  const planning = useApiQuery(publicPlanningRead(locationId), { failure: null, retry: false });

  const days = new Map<string, PublicFlight[]>();
  for (const flight of planning.data?.flights ?? []) {
    days.set(flight.scheduled_date, [...(days.get(flight.scheduled_date) ?? []), flight]);
  }
  const isDisabled = planning.error instanceof ApiError && planning.error.status === 404;

  return (
    <Container size="md" py="md" px="sm">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Planning des vols
            {planning.data?.location?.label ? ` · ${planning.data.location.label}` : ''}
          </Title>
          <Text size="sm" c="dimmed">
            Choisissez un vol et demandez-y l'inscription des passagers de votre réservation.
          </Text>
        </div>
        {planning.isPending && <Loader aria-label="Chargement du planning" />}
        {planning.isError && (
          <Alert color={isDisabled ? 'gray' : 'red'} role="alert">
            {isDisabled ? "Le planning public n'est pas disponible." : LOAD_FAILED}
          </Alert>
        )}
        {planning.data && days.size === 0 && <Text>Aucun vol n'est proposé pour le moment.</Text>}
        {[...days].map(([day, flights]) => (
          <section key={day} aria-label={formatLongDate(day)}>
            <Title order={2} fz="md" mb="xs">
              {capitalized(formatLongDate(day))}
            </Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {flights.map((flight) => (
                <FlightRow key={flight.id} flight={flight} onPick={() => setPicked(flight)} />
              ))}
            </Stack>
          </section>
        ))}
        {planning.data?.is_truncated && (
          <Text size="sm" c="dimmed">
            D'autres vols suivent : revenez plus tard pour les voir.
          </Text>
        )}
      </Stack>
      <RequestDialog flight={picked} onClose={() => setPicked(null)} />
    </Container>
  );
}

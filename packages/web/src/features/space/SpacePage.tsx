import {
  type BookingSpace,
  SPACE_NOT_FOUND,
  SPACE_WEIGHT,
  type SpaceFlight,
  type SpaceOffer,
  type SpacePassenger,
} from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { spaceRead, spaceWrites } from '../../api/endpoints/space';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDate, formatLongDate } from '../../lib/format';

// /espace/{token} (issue 28): the customer's own page of their booking, opened from the link staff send. No session
// and no app shell (the link is the key, the API under /api/space/{token} checks it on every call). Mobile first:
// one column at 375 px, each passenger a card of its own, every field labelled.

const LOAD_FAILED = 'Votre espace est momentanément indisponible. Réessayez dans quelques instants.';
const SAVE_FAILED = "L'enregistrement a échoué. Réessayez dans quelques instants.";

/** '07:30' → '07h30', as French sites write times. */
const frenchTime = (time: string) => time.slice(0, 5).replace(':', 'h');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type FieldErrors = Record<string, string>;
/** The server's French reasons: per field when it names them, else its message. */
function failureOf(error: unknown): { message: string; fields: FieldErrors } {
  if (error instanceof ApiError && error.status < 500) {
    const fields: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.body?.errors ?? {})) {
      if (messages[0]) fields[field] = messages[0];
    }
    return { message: error.body?.message ?? SAVE_FAILED, fields };
  }
  return { message: SAVE_FAILED, fields: {} };
}

function FlightLine({ flight }: { flight: SpaceFlight }) {
  return (
    <Text>
      {capitalized(formatLongDate(flight.date))} à {frenchTime(flight.time)}
      {flight.location ? ` · ${flight.location}` : ''}
    </Text>
  );
}

type PassengerForm = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  age: string;
  weight: string;
  passenger_type_id: string;
};

const formOf = (p: SpacePassenger | null): PassengerForm => ({
  first_name: p?.first_name ?? '',
  last_name: p?.last_name ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  age: p?.age === null || p?.age === undefined ? '' : String(p.age),
  weight: p?.weight === null || p?.weight === undefined ? '' : String(p.weight).replace('.', ','),
  passenger_type_id: p?.passenger_type_id ? String(p.passenger_type_id) : '',
});

const numberOrNull = (text: string): number | null => {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : Number(cleaned);
};

function PassengerCard({
  token,
  passenger,
  index,
  types,
  isEditable,
}: {
  token: string;
  passenger: SpacePassenger | null;
  index: number;
  types: BookingSpace['passenger_types'];
  isEditable: boolean;
}) {
  const [form, setForm] = useState<PassengerForm>(() => formOf(passenger));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const save = useApiMutation({
    write: () => {
      const body = {
        first_name: form.first_name,
        last_name: form.last_name,
        email: form.email,
        phone: form.phone,
        age: numberOrNull(form.age),
        weight: numberOrNull(form.weight),
        passenger_type_id: form.passenger_type_id ? Number(form.passenger_type_id) : null,
      };
      return passenger ? spaceWrites.updatePassenger(token, passenger.id, body) : spaceWrites.addPassenger(token, body);
    },
    invalidates: ['space'],
    onSuccess: () => {
      setErrors({});
      setOutcome({ ok: true, message: 'Passager enregistré.' });
      if (!passenger) setForm(formOf(null));
    },
    onError: (error) => {
      const failure = failureOf(error);
      setErrors(failure.fields);
      setOutcome({ ok: false, message: failure.message });
    },
  });
  const set = (field: keyof PassengerForm) => (event: { currentTarget: { value: string } }) => {
    // Read now: the updater runs later, when the event's target may be gone.
    const value = event.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    save.mutate();
  };
  const title = passenger
    ? `Passager ${index + 1}${passenger.is_referent ? ' (référent)' : ''}`
    : `Passager ${index + 1} (à compléter)`;
  const id = `passenger-${passenger?.id ?? `new-${index}`}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Prénom"
              required
              maxLength={100}
              autoComplete="given-name"
              value={form.first_name}
              onChange={set('first_name')}
              error={errors.first_name}
              disabled={!isEditable}
            />
            <TextInput
              label="Nom"
              required
              maxLength={100}
              autoComplete="family-name"
              value={form.last_name}
              onChange={set('last_name')}
              error={errors.last_name}
              disabled={!isEditable}
            />
            <TextInput
              label="Poids (kg)"
              inputMode="decimal"
              description={`Entre ${SPACE_WEIGHT.min} et ${SPACE_WEIGHT.max} kg`}
              value={form.weight}
              onChange={set('weight')}
              error={errors.weight}
              disabled={!isEditable}
            />
            <TextInput
              label="Âge"
              inputMode="numeric"
              value={form.age}
              onChange={set('age')}
              error={errors.age}
              disabled={!isEditable}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={255}
              value={form.email}
              onChange={set('email')}
              error={errors.email}
              disabled={!isEditable}
            />
            <TextInput
              label="Téléphone"
              type="tel"
              autoComplete="tel"
              maxLength={50}
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
              disabled={!isEditable}
            />
            <NativeSelect
              label="Qualité"
              value={form.passenger_type_id}
              onChange={set('passenger_type_id')}
              error={errors.passenger_type_id}
              disabled={!isEditable}
              data={[
                { value: '', label: 'Non précisée' },
                ...types.map((t) => ({ value: String(t.id), label: t.label })),
              ]}
            />
          </SimpleGrid>
          {outcome && (
            <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} p="xs">
              {outcome.message}
            </Alert>
          )}
          {isEditable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {passenger ? 'Enregistrer' : 'Ajouter ce passager'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function RequestedDates({ token, space }: { token: string; space: BookingSpace }) {
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useApiMutation({
    write: () => spaceWrites.addRequestedDate(token, date),
    invalidates: ['space'],
    onSuccess: () => {
      setDate('');
      setError(null);
    },
    onError: (e) => setError(Object.values(failureOf(e).fields)[0] ?? failureOf(e).message),
  });
  const remove = useApiMutation({
    write: (id: number) => spaceWrites.removeRequestedDate(token, id),
    invalidates: ['space'],
    onError: (e) => setError(failureOf(e).message),
  });
  const isEditable = space.booking.is_editable;
  return (
    <Stack gap="sm" component="section" aria-labelledby="dates-title">
      <Title order={2} fz="h3" id="dates-title">
        Vos dates souhaitées
      </Title>
      <Text size="sm" c="dimmed">
        Indiquez les jours où vous êtes disponibles : nous vous proposerons un vol ces jours-là.
      </Text>
      {space.requested_dates.length === 0 ? (
        <Text size="sm">Aucune date pour l'instant.</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {space.requested_dates.map((d) => (
            <Group key={d.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text>{capitalized(formatLongDate(d.date))}</Text>
              {isEditable && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`Retirer le ${formatLongDate(d.date)}`}
                  onClick={() => remove.mutate(d.id)}
                >
                  Retirer
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {isEditable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Ajouter une date"
              type="date"
              min={space.today}
              max={space.booking.validity_date ?? undefined}
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              style={{ flex: 1 }}
              required
            />
            <Button type="submit" loading={add.isPending} disabled={!date}>
              Ajouter
            </Button>
          </Group>
        </form>
      )}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function Offers({ token, space }: { token: string; space: BookingSpace }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const ask = useApiMutation({
    write: (flight: SpaceOffer) => spaceWrites.askRegistration(token, flight.id),
    invalidates: ['space'],
    onSuccess: () => {
      setOutcome({
        ok: true,
        message: 'Votre demande est envoyée : notre équipe vous confirmera l’inscription par email.',
      });
    },
    onError: (e) => setOutcome({ ok: false, message: Object.values(failureOf(e).fields)[0] ?? failureOf(e).message }),
  });
  if (!space.booking.is_editable) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="offers-title">
      <Title order={2} fz="h3" id="offers-title">
        Vols proposés
      </Title>
      {space.offers.length === 0 ? (
        <Text size="sm">Aucun vol ouvert pour le moment : ajoutez vos dates, nous vous proposerons un vol.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {space.offers.map((flight) => (
            <Paper
              key={flight.id}
              withBorder
              radius="md"
              p="sm"
              component="li"
              aria-label={`Vol du ${formatLongDate(flight.date)} à ${frenchTime(flight.time)}`}
            >
              <Stack gap={6}>
                <Text fw={600}>
                  {capitalized(formatLongDate(flight.date))} à {frenchTime(flight.time)}
                </Text>
                {(flight.location || flight.prestation) && (
                  <Text size="sm" c="dimmed">
                    {[flight.location, flight.prestation].filter(Boolean).join(' · ')}
                  </Text>
                )}
                <Group justify="space-between" gap="xs">
                  {flight.seats_left !== null ? (
                    <Badge color="green" variant="light">
                      {flight.seats_left} place{flight.seats_left > 1 ? 's' : ''}
                    </Badge>
                  ) : (
                    <span />
                  )}
                  {flight.is_requested ? (
                    <Badge color="orange" variant="light">
                      Demande envoyée
                    </Badge>
                  ) : (
                    <Button size="sm" onClick={() => ask.mutate(flight)} loading={ask.isPending}>
                      Demander ce vol
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} p="xs">
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}

const REQUEST_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'En attente de réponse', color: 'orange' },
  accepted: { label: 'Acceptée', color: 'green' },
  refused: { label: 'Refusée', color: 'red' },
};

export default function SpacePage() {
  const { token = '' } = useParams();
  // The page says a failure in place (a link gone, too many tries), not in a notice.
  const space = useApiQuery(spaceRead(token), { failure: null, retry: false, refetchOnWindowFocus: false });

  if (space.isPending) {
    return (
      <Container size="sm" py="xl" component="main">
        <Group justify="center">
          <Loader aria-label="Chargement de votre espace" />
        </Group>
      </Container>
    );
  }
  if (space.isError) {
    const isGone = space.error instanceof ApiError && space.error.status === 404;
    const message =
      space.error instanceof ApiError && space.error.status === 429
        ? (space.error.body?.message ?? LOAD_FAILED)
        : isGone
          ? SPACE_NOT_FOUND
          : LOAD_FAILED;
    return (
      <Container size="sm" py="xl" px="md" component="main">
        <Stack gap="md">
          <Title order={1} fz="h2">
            Votre espace
          </Title>
          <Alert color={isGone ? 'gray' : 'red'} role="alert">
            {message}
          </Alert>
        </Stack>
      </Container>
    );
  }
  const data = space.data;
  const { booking } = data;
  const missing = Math.max(0, booking.passengers_number - data.passengers.length);
  const types = data.passenger_types;
  return (
    <Container size="sm" py="md" px="md" component="main">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Votre espace passager
          </Text>
          <Title order={1} fz="h2">
            Réservation n° {booking.number}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={booking.is_editable ? 'blue' : 'gray'}>
              {booking.status.label}
            </Badge>
          </Group>
        </Stack>

        {data.postponed_flight && (
          <Alert color="orange" title="Vol reporté" role="status">
            Votre vol du {formatLongDate(data.postponed_flight.date)} a été reporté en raison de la météo. Choisissez
            ci-dessous un autre vol ou indiquez vos dates.
          </Alert>
        )}

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-title">
          <Stack gap="xs">
            <Title order={2} fz="h3" id="summary-title">
              Votre réservation
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  Prestation
                </Text>
                <Text component="dd" m={0}>
                  {booking.prestation ?? '—'}
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  Lieu
                </Text>
                <Text component="dd" m={0}>
                  {booking.location ?? '—'}
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  Valable jusqu'au
                </Text>
                <Text component="dd" m={0}>
                  {booking.validity_date ? formatDate(booking.validity_date) : '—'}
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  Passagers
                </Text>
                <Text component="dd" m={0}>
                  {booking.passengers_number}
                </Text>
              </div>
            </SimpleGrid>
            {data.next_flight ? (
              <Stack gap={2} mt="xs">
                <Text size="sm" c="dimmed">
                  Votre prochain vol
                </Text>
                <FlightLine flight={data.next_flight} />
                <Text size="sm">{data.next_flight.status.label}</Text>
              </Stack>
            ) : data.last_flight ? (
              <Stack gap={2} mt="xs">
                <Text size="sm" c="dimmed">
                  Votre vol
                </Text>
                <FlightLine flight={data.last_flight} />
                <Text size="sm">{data.last_flight.status.label}</Text>
              </Stack>
            ) : null}
            {data.registration_requests.length > 0 && (
              <Stack gap={4} mt="xs">
                <Text size="sm" c="dimmed">
                  Vos demandes
                </Text>
                {data.registration_requests.map((r) => (
                  <Group key={r.id} gap="xs" justify="space-between">
                    <Text size="sm">
                      Vol du {formatLongDate(r.date)} à {frenchTime(r.time)}
                    </Text>
                    <Badge variant="light" color={REQUEST_STATUS[r.status]?.color ?? 'gray'}>
                      {REQUEST_STATUS[r.status]?.label ?? r.status}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>

        <Stack gap="sm" component="section" aria-labelledby="passengers-title">
          <Title order={2} fz="h3" id="passengers-title">
            Vos passagers ({data.passengers.length}/{booking.passengers_number})
          </Title>
          <Text size="sm">
            Le poids de chaque passager est indispensable à votre sécurité : le pilote calcule avec lui la charge du
            ballon avant chaque vol. Il reste entre vous et notre équipe.
          </Text>
          {data.passengers.map((p, index) => (
            <PassengerCard
              key={p.id}
              token={token}
              passenger={p}
              index={index}
              types={types}
              isEditable={booking.is_editable}
            />
          ))}
          {booking.is_editable && missing > 0 && (
            <PassengerCard
              key={`new-${data.passengers.length}`}
              token={token}
              passenger={null}
              index={data.passengers.length}
              types={types}
              isEditable
            />
          )}
        </Stack>

        <Offers token={token} space={data} />
        <RequestedDates token={token} space={data} />
      </Stack>
    </Container>
  );
}

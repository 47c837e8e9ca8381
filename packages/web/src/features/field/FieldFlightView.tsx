import {
  BOUNDS,
  computeFieldMasses,
  FIELD_LABELS,
  type FieldFlight,
  type FieldName,
  type FieldPassenger,
  type FieldValue,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { capitalized, dayLabel, statusLabel, timeLabel } from './FieldPage';
import { type FieldIssue, queueWrite, removeIssue } from './field-offline';

// One flight on the field: its crew and place, the boarding (check-in, weights on the scale, briefing) with the
// masses computed live as the office's flight plan does, and the flight's record (times, places, remarks,
// incidents). Every change is queued at once (field-offline.ts): sent now when online, kept on the device otherwise.

const kg = (v: number | null) => (v === null ? '—' : `${String(v).replace('.', ',')} kg`);
const parseNumber = (text: string): number | null => {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** A value as the crew reads it, for conflicts and refusals. */
function shown(field: FieldName, value: FieldValue): string {
  if (value === null || value === '') return '—';
  if (field === 'is_present') return Number(value) === 1 ? 'Présent' : 'Absent';
  if (field === 'is_briefed') return Number(value) === 1 ? 'Donné' : 'Non donné';
  if (field === 'weight') return kg(Number(value));
  if (field === 'takeoff_temperature') return `${String(value).replace('.', ',')} °C`;
  if (field === 'takeoff_time' || field === 'landing_time') return timeLabel(String(value));
  return String(value);
}

type Props = { flight: FieldFlight; userId: number; issues: FieldIssue[] };

export function FieldFlightView({ flight, userId, issues }: Props) {
  const client = useQueryClient();
  // What is being typed and not yet committed: the masses follow it live.
  const [weights, setWeights] = useState<Record<number, string>>({});
  const [temperature, setTemperature] = useState<string | null>(null);
  const isLocked = flight.lock?.fields === 'all';
  const isBoardingLocked = flight.lock !== null;

  const write = (field: FieldName, value: FieldValue, passengerId: number | null = null) =>
    queueWrite(client, flight, field, value, passengerId);

  const draftPassengers = flight.passengers.map((p) => {
    const draft = weights[p.id];
    const parsed = draft === undefined ? p.weight : parseNumber(draft);
    return { ...p, weight: parsed !== null && Number.isFinite(parsed) ? parsed : p.weight };
  });
  const draftTemperature = temperature === null ? flight.report.takeoff_temperature : parseNumber(temperature);
  const masses = computeFieldMasses(
    flight.inputs,
    draftPassengers,
    draftTemperature !== null && Number.isFinite(draftTemperature) ? draftTemperature : null,
  );
  const isOverloaded = masses.margin !== null && masses.margin < 0;

  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Text fw={700} size="lg">
          {timeLabel(flight.scheduled_time)} · {flight.location?.label ?? 'Lieu à définir'}
        </Text>
        <Text size="sm">
          {capitalized(dayLabel(flight.scheduled_date))} · {statusLabel(flight)}
        </Text>
        <Text size="sm">
          Ballon :{' '}
          {flight.balloon
            ? `${flight.balloon.label}${flight.balloon.registration_number ? ` (${flight.balloon.registration_number})` : ''}`
            : '—'}
        </Text>
        <Text size="sm">Pilote : {flight.pilot?.full_name ?? '—'}</Text>
        {flight.teammates.length > 0 && (
          <Text size="sm">
            Équipe :{' '}
            {flight.teammates.map((t, i) => (
              <span key={`${t.full_name}-${i}`}>
                {i > 0 && ', '}
                {t.full_name}
                {t.phone && (
                  <>
                    {' '}
                    (<Anchor href={`tel:${t.phone.replace(/\s/g, '')}`}>{t.phone}</Anchor>)
                  </>
                )}
              </span>
            ))}
          </Text>
        )}
        {flight.pinned_note && (
          <Text size="sm" mt={4} c="dimmed">
            Note : {flight.pinned_note.replace(/<[^>]*>/g, ' ').trim()}
          </Text>
        )}
      </Card>

      {flight.lock && (
        <Alert color="orange" title="Modifications limitées">
          {flight.lock.reason}
        </Alert>
      )}

      {issues.length > 0 && <Issues flight={flight} userId={userId} issues={issues} />}

      <Card withBorder padding="sm" aria-labelledby="field-masses">
        <Title order={2} size="h4" id="field-masses" mb="xs">
          Masses
        </Title>
        <TextInput
          label="Température au sol (°C)"
          inputMode="decimal"
          value={
            temperature ?? (flight.report.takeoff_temperature === null ? '' : String(flight.report.takeoff_temperature))
          }
          disabled={isLocked}
          error={
            draftTemperature !== null &&
            (!Number.isFinite(draftTemperature) ||
              draftTemperature < BOUNDS.takeoffTemperature.min ||
              draftTemperature > BOUNDS.takeoffTemperature.max)
              ? `Entre ${BOUNDS.takeoffTemperature.min} et ${BOUNDS.takeoffTemperature.max} °C.`
              : undefined
          }
          onChange={(e) => setTemperature(e.currentTarget.value)}
          onBlur={() => {
            if (temperature === null) return;
            const value = parseNumber(temperature);
            const isValid =
              value === null ||
              (Number.isFinite(value) &&
                value >= BOUNDS.takeoffTemperature.min &&
                value <= BOUNDS.takeoffTemperature.max);
            if (!isValid) return;
            setTemperature(null);
            if (value !== flight.report.takeoff_temperature) write('takeoff_temperature', value);
          }}
          maw={220}
          mb="sm"
        />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Figure label={`Passagers (${masses.count})`} value={kg(masses.passengers_weight)} testId="mass-passengers" />
          <Figure label="Forfait bagages et vêtements" value={kg(masses.allowance)} testId="mass-allowance" />
          <Figure label="Pilote" value={kg(masses.pilot)} testId="mass-pilot" />
          <Figure label="Masse totale" value={kg(masses.total)} testId="mass-total" />
          <Figure label="Masse max. au décollage" value={kg(masses.max_takeoff_mass)} testId="mass-max" />
          <Figure
            label="Marge"
            value={kg(masses.margin)}
            testId="mass-margin"
            color={isOverloaded ? 'red.9' : masses.margin === null ? undefined : 'green.9'}
          />
        </SimpleGrid>
        {isOverloaded && (
          <Text c="red.9" fw={700} mt="xs" role="alert">
            Surcharge : la masse totale dépasse la masse maximale au décollage.
          </Text>
        )}
        {masses.without_weight > 0 && (
          <Text size="sm" c="orange.9" mt="xs">
            {masses.without_weight} passager{masses.without_weight > 1 ? 's' : ''} sans poids : la masse est
            sous-estimée.
          </Text>
        )}
      </Card>

      <section aria-labelledby="field-boarding">
        <Title order={2} size="h4" id="field-boarding" mb="xs">
          Passagers ({flight.passengers.length})
        </Title>
        <Stack gap="xs">
          {flight.passengers.length === 0 && <Text c="dimmed">Aucun passager inscrit.</Text>}
          {flight.passengers.map((p) => (
            <PassengerRow
              key={p.id}
              passenger={p}
              draft={weights[p.id]}
              isLocked={isBoardingLocked}
              onDraft={(text) => setWeights((w) => ({ ...w, [p.id]: text }))}
              onCommit={(value) => {
                setWeights(({ [p.id]: _done, ...rest }) => rest);
                if (value !== p.weight) write('weight', value, p.id);
              }}
              onWrite={(field, value) => write(field, value, p.id)}
            />
          ))}
        </Stack>
      </section>

      <Card withBorder padding="sm" aria-labelledby="field-record">
        <Title order={2} size="h4" id="field-record" mb="xs">
          Compte rendu du vol
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <CommitInput
            label="Heure de décollage"
            type="time"
            value={timeLabel(flight.report.takeoff_time)}
            disabled={isLocked}
            onCommit={(v) => write('takeoff_time', v || null)}
          />
          <CommitInput
            label="Heure d’atterrissage"
            type="time"
            value={timeLabel(flight.report.landing_time)}
            disabled={isLocked}
            onCommit={(v) => write('landing_time', v || null)}
          />
          <CommitInput
            label="Lieu de décollage"
            value={flight.report.takeoff_place ?? ''}
            disabled={isLocked}
            maxLength={255}
            onCommit={(v) => write('takeoff_place', v.trim() || null)}
          />
          <CommitInput
            label="Lieu d’atterrissage"
            value={flight.report.landing_place ?? ''}
            disabled={isLocked}
            maxLength={120}
            onCommit={(v) => write('landing_place', v.trim() || null)}
          />
        </SimpleGrid>
        <CommitInput
          label="Remarques"
          value={flight.report.remarks ?? ''}
          disabled={isLocked}
          isMultiline
          onCommit={(v) => write('remarks', v.trim() ? v : null)}
        />
        <CommitInput
          label="Incidents"
          value={flight.report.incidents ?? ''}
          disabled={isLocked}
          isMultiline
          onCommit={(v) => write('incidents', v.trim() ? v : null)}
        />
      </Card>
    </Stack>
  );
}

function Figure({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dark.6">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** A text committed on blur (or Enter on one line), when it changed. */
function CommitInput({
  label,
  value,
  onCommit,
  type,
  disabled,
  maxLength,
  isMultiline = false,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: string;
  disabled?: boolean;
  maxLength?: number;
  isMultiline?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  const common = {
    label,
    value: draft ?? value,
    disabled,
    onChange: (e: { currentTarget: { value: string } }) => setDraft(e.currentTarget.value),
    onBlur: commit,
  };
  // A fixed height the crew can drag: autosize measures the page again at each render, which on a phone held up the
  // flight's first screen by a third of a second.
  if (isMultiline) return <Textarea {...common} rows={3} resize="vertical" maxLength={2000} mt="sm" />;
  return (
    <TextInput
      {...common}
      type={type}
      maxLength={maxLength}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function PassengerRow({
  passenger: p,
  draft,
  isLocked,
  onDraft,
  onCommit,
  onWrite,
}: {
  passenger: FieldPassenger;
  draft: string | undefined;
  isLocked: boolean;
  onDraft: (text: string) => void;
  onCommit: (value: number | null) => void;
  onWrite: (field: FieldName, value: FieldValue) => void;
}) {
  const parsed = draft === undefined ? p.weight : parseNumber(draft);
  const isInvalid =
    parsed !== null &&
    (!Number.isFinite(parsed) || parsed < BOUNDS.passengerWeight.min || parsed > BOUNDS.passengerWeight.max);
  const commit = () => {
    if (draft === undefined || isInvalid) return;
    onCommit(parsed);
  };
  const absent = p.is_present === 0;
  return (
    <Card withBorder padding="sm" aria-label={p.full_name} style={absent ? { opacity: 0.75 } : undefined}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{p.full_name || 'Passager sans nom'}</Text>
          <Text size="xs" c="dark.6">
            {p.booking_number}
            {p.passenger_type && ` · ${p.passenger_type}`}
            {p.age !== null && ` · ${p.age} ans`}
          </Text>
        </div>
        <Group gap={6} role="group" aria-label={`Présence de ${p.full_name}`}>
          <Button
            size="sm"
            variant={p.is_present === 1 ? 'filled' : 'default'}
            color="#1f6f35"
            aria-pressed={p.is_present === 1}
            disabled={isLocked}
            onClick={() => onWrite('is_present', p.is_present === 1 ? null : 1)}
          >
            Présent
          </Button>
          <Button
            size="sm"
            variant={p.is_present === 0 ? 'filled' : 'default'}
            color="#b02525"
            aria-pressed={p.is_present === 0}
            disabled={isLocked}
            onClick={() => onWrite('is_present', p.is_present === 0 ? null : 0)}
          >
            Absent
          </Button>
        </Group>
      </Group>
      <Group mt="xs" gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={`Poids de ${p.full_name} (kg)`}
          inputMode="decimal"
          w={170}
          value={draft ?? (p.weight === null ? '' : String(p.weight).replace('.', ','))}
          disabled={isLocked}
          error={isInvalid ? `Entre ${BOUNDS.passengerWeight.min} et ${BOUNDS.passengerWeight.max} kg.` : undefined}
          onChange={(e) => onDraft(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <Checkbox
          label="Briefing donné"
          size="md"
          checked={p.is_briefed === 1}
          disabled={isLocked}
          onChange={(e) => onWrite('is_briefed', e.currentTarget.checked ? 1 : 0)}
          mb={8}
        />
      </Group>
    </Card>
  );
}

function Issues({ flight, userId, issues }: { flight: FieldFlight; userId: number; issues: FieldIssue[] }) {
  const client = useQueryClient();
  const who = (issue: FieldIssue) => {
    const passenger = flight.passengers.find((p) => p.id === issue.op.passenger_id);
    return `${FIELD_LABELS[issue.op.field]}${passenger ? ` de ${passenger.full_name}` : ''}`;
  };
  return (
    <Stack gap="xs">
      {issues.map((issue) =>
        issue.kind === 'conflict' ? (
          <Alert key={issue.op.id} color="orange" title={`Conflit : ${who(issue)}`}>
            <Text size="sm">
              Le bureau a modifié cette valeur entre-temps. Bureau : {shown(issue.op.field, issue.current)} · Terrain :{' '}
              {shown(issue.op.field, issue.op.value)}
            </Text>
            <Group mt="xs" gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  queueWrite(
                    client,
                    flight,
                    issue.op.field,
                    issue.op.value,
                    issue.op.passenger_id ?? null,
                    issue.current,
                  );
                  removeIssue(client, userId, issue.op.id);
                }}
              >
                Garder la valeur du terrain
              </Button>
              <Button size="xs" variant="default" onClick={() => removeIssue(client, userId, issue.op.id)}>
                Garder celle du bureau
              </Button>
            </Group>
          </Alert>
        ) : (
          <Alert key={issue.op.id} color="red" title={`Refusé : ${who(issue)}`}>
            <Text size="sm">{issue.reason}</Text>
            <Button size="xs" mt="xs" variant="default" onClick={() => removeIssue(client, userId, issue.op.id)}>
              Compris
            </Button>
          </Alert>
        ),
      )}
    </Stack>
  );
}

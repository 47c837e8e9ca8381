import {
  BOUNDS,
  createFailedMessage,
  FLIGHT_RECORD_MESSAGES,
  FLIGHT_STATUSES,
  INITIAL_FLIGHT_STATUS_ID,
  isBeforeSchedule,
  LIST_LOAD_FAILED_MESSAGES,
  listedName,
  MESSAGES,
  rangeOf,
  realizedEarlyWarning,
  updateFailedMessage,
} from '@app/domain';
import { Alert, Button, Group, MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../api/client';
import { confirmDelete, FlagSwitch, FormModal, notifyFailure, TextAreaField } from '../../components';
import { useMe } from '../../session/store';
import {
  type FieldValue,
  type FormField,
  type FormSection,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
  visibleSections,
} from '../reference-data';
import { FLIGHTS_ENDPOINT, type Flight, FlightStatusTag, withSeconds } from './flight-model';

// The flight dialogs: new flight (pre-filled with the defaults), flight general info, flight status, duplicate,
// planning event/note with delete, flight note. Each is mounted with a new key per opening.

type DialogProps = { opened: boolean; onClose: () => void; onSaved: (saved?: unknown) => void };

type Choice = {
  endpoint: string;
  labelField: string;
  getLabel?: (item: Record<string, unknown>) => string;
  order?: { field: string; direction: 'ASC' | 'DESC' }[];
};
const CHOICES: Record<string, Choice & { label: string; failure: string }> = {
  location_id: {
    endpoint: '/api/locations',
    labelField: 'label',
    label: 'Lieu de vol',
    failure: LIST_LOAD_FAILED_MESSAGES.locations,
  },
  prestation_id: {
    endpoint: '/api/prestations',
    labelField: 'label',
    label: 'Prestation',
    failure: LIST_LOAD_FAILED_MESSAGES.prestations,
  },
  flight_type_id: {
    endpoint: '/api/flight-types',
    labelField: 'label',
    label: 'Type de vol',
    failure: LIST_LOAD_FAILED_MESSAGES.flightTypes,
  },
  balloon_id: {
    endpoint: '/api/balloons',
    labelField: 'label',
    label: 'Ballon',
    failure: LIST_LOAD_FAILED_MESSAGES.balloons,
  },
  pilot_id: {
    endpoint: '/api/pilots',
    labelField: 'full_name',
    getLabel: listedName,
    order: [
      { field: 'last_name', direction: 'ASC' },
      { field: 'first_name', direction: 'ASC' },
    ],
    label: 'Pilote',
    failure: LIST_LOAD_FAILED_MESSAGES.pilots,
  },
};

const choiceField = (name: keyof typeof CHOICES): FormField => {
  const choice = CHOICES[name] as (typeof CHOICES)[string];
  return {
    name,
    label: choice.label,
    kind: 'select',
    options: {
      endpoint: choice.endpoint,
      labelField: choice.labelField,
      ...(choice.getLabel ? { getLabel: choice.getLabel } : {}),
      ...(choice.order ? { order: choice.order } : {}),
    },
    loadFailedMessage: choice.failure,
  };
};

const WHEN: FormField[] = [
  { name: 'scheduled_date', label: 'Date', kind: 'date', isRequired: true },
  { name: 'scheduled_time', label: 'Heure', kind: 'time', isRequired: true },
];
const PUBLIC: FormField = {
  name: 'is_public',
  label: 'Visible sur le planning public',
  kind: 'switch',
  isWide: true,
  // Only when the planning widgets are enabled.
  isVisible: (settings) => settings.planningWidgetsEnabled,
};

const NEW_FLIGHT_SECTIONS: FormSection[] = [
  {
    fields: [
      ...WHEN,
      choiceField('location_id'),
      choiceField('prestation_id'),
      choiceField('flight_type_id'),
      choiceField('balloon_id'),
      choiceField('pilot_id'),
      PUBLIC,
    ],
  },
];

const MAX_ALTITUDE: FormField = {
  name: 'flight_max_altitude',
  label: 'Altitude maximale (m)',
  kind: 'number',
  ...rangeOf(BOUNDS.altitude),
  step: 1,
};
const TAKEOFF_TEMPERATURE: FormField = {
  name: 'takeoff_temperature',
  label: 'Température au décollage (°C)',
  kind: 'number',
  ...rangeOf(BOUNDS.takeoffTemperature),
  step: 'any',
};

/** Issue 30: the fuel loaded, checked on the plan against consumption × (planned time + reserve). */
const FUEL_LOADED: FormField = {
  name: 'fuel_loaded',
  label: 'Carburant embarqué (kg)',
  kind: 'number',
  ...rangeOf(BOUNDS.fuelLoaded),
  step: 'any',
};

const INFO_SECTIONS: FormSection[] = [
  {
    fields: [
      ...WHEN,
      choiceField('location_id'),
      choiceField('prestation_id'),
      choiceField('flight_type_id'),
      choiceField('balloon_id'),
      choiceField('pilot_id'),
      MAX_ALTITUDE,
      TAKEOFF_TEMPERATURE,
      FUEL_LOADED,
      PUBLIC,
    ],
  },
];

/** Issue 27: what the pilot fills in after landing, still open on a realized flight (domain FLIGHT_RECORD_FIELDS). */
const RECORD_SECTIONS: FormSection[] = [
  {
    fields: [
      { name: 'takeoff_time', label: 'Heure de décollage', kind: 'time', isRequired: true },
      { name: 'landing_time', label: "Heure d'atterrissage", kind: 'time', isRequired: true },
      TAKEOFF_TEMPERATURE,
      { ...MAX_ALTITUDE, label: 'Altitude maximale atteinte (m)' },
      // Issue 30: the logbook's entry (BOP.BAS.065) and the fuel, for the sealed flight record.
      { name: 'landing_place', label: "Lieu d'atterrissage", kind: 'text', maxLength: 120 },
      FUEL_LOADED,
      { name: 'remarks', label: 'Remarques', kind: 'textarea', isWide: true },
      { name: 'incidents', label: 'Incidents', kind: 'textarea', isWide: true },
    ],
  },
];

type TimeInput = {
  name: string;
  label: string;
  type: 'date' | 'time';
  value: string;
  onChange: (value: string) => void;
};

/** A date and a time side by side (or two times), required, as the browser's own inputs. */
function WhenInputs({ inputs }: { inputs: [TimeInput, TimeInput] }) {
  return (
    <SimpleGrid cols={2} spacing="md">
      {inputs.map((input) => (
        <TextInput
          key={input.name}
          type={input.type}
          name={input.name}
          label={input.label}
          required
          value={input.value}
          onChange={(event) => input.onChange(event.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Reads the choice lists with the keys the select fields use, so the fields open on them without a new call. */
function useChoiceLists(isEnabled: boolean) {
  const names = Object.keys(CHOICES);
  const results = useQueries({
    queries: names.map((name) => {
      const { endpoint, labelField, order } = CHOICES[name] as Choice;
      return {
        queryKey: [endpoint, 'options', labelField, order ?? null],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.list<Record<string, unknown>>(
            endpoint,
            { order: order ?? [{ field: labelField, direction: 'ASC' }] },
            signal,
          ),
        enabled: isEnabled,
      };
    }),
  });
  const isLoaded = results.every((result) => result.isSuccess);
  const defaults = Object.fromEntries(
    names.map((name, index) => {
      const found = (results[index]?.data ?? []).find((row) => row.is_default === 1 || row.is_default === true);
      return [name, found ? String(found.id) : null];
    }),
  );
  return { isLoaded, defaults };
}

const asPayloadTimes = (payload: Record<string, unknown>) => {
  for (const key of ['scheduled_time', 'takeoff_time', 'landing_time']) {
    if (typeof payload[key] === 'string' && payload[key]) payload[key] = withSeconds(payload[key] as string);
  }
  return payload;
};

/** New flight (once every list has loaded, the is_default records are prefilled; status 1). */
export function NewFlightDialog({ day, opened, onClose, onSaved }: DialogProps & { day: string }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(NEW_FLIGHT_SECTIONS, { scheduled_date: day }));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  const { isLoaded, defaults } = useChoiceLists(opened);
  const isPrefilled = useRef(false);
  useEffect(() => {
    if (!isLoaded || isPrefilled.current) return;
    isPrefilled.current = true;
    setValues((current) => {
      const next = { ...current };
      for (const [name, id] of Object.entries(defaults)) if (next[name] === null && id) next[name] = id;
      return next;
    });
  }, [isLoaded, defaults]);
  return (
    <FormModal<Flight>
      opened={opened}
      onClose={onClose}
      title="Nouveau vol"
      failureMessage={createFailedMessage('flight')}
      onSubmit={() =>
        api.create<Flight>(FLIGHTS_ENDPOINT, {
          ...asPayloadTimes(toPayload(NEW_FLIGHT_SECTIONS, values, settings)),
          flight_status_id: INITIAL_FLIGHT_STATUS_ID,
        })
      }
      onSaved={onSaved}
    >
      {({ errors }) => (
        <FormSections
          sections={visibleSections(NEW_FLIGHT_SECTIONS, settings)}
          values={values}
          onChange={set}
          errors={errors}
        />
      )}
    </FormModal>
  );
}

type Teammate = { id: number; first_name: string; last_name: string; full_name: string };

/** Flight general info: every field of the flight, teammates as a multi-select. */
export function FlightInfoDialog({ flight, opened, onClose, onSaved }: DialogProps & { flight: Flight }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(INFO_SECTIONS, flight));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  const [teammates, setTeammates] = useState<string[]>(() => (flight.teammates ?? []).map((t) => String(t.id)));
  const crew = useQuery({
    queryKey: ['/api/teammates', 'options', 'full_name'],
    queryFn: ({ signal }) =>
      api.list<Teammate>(
        '/api/teammates',
        {
          order: [
            { field: 'last_name', direction: 'ASC' },
            { field: 'first_name', direction: 'ASC' },
          ],
        },
        signal,
      ),
    enabled: opened,
  });
  useEffect(() => {
    if (crew.isError) notifyFailure(LIST_LOAD_FAILED_MESSAGES.teammates, crew.error);
  }, [crew.isError, crew.error]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Informations du vol"
      size="xl"
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404 ? MESSAGES.infoEditUnavailable : MESSAGES.infoUpdateFailed
      }
      onSubmit={() =>
        api.update(FLIGHTS_ENDPOINT, flight.id, {
          ...asPayloadTimes(toPayload(INFO_SECTIONS, values, settings)),
          teammates: teammates.map(Number),
        })
      }
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          <FormSections
            sections={visibleSections(INFO_SECTIONS, settings)}
            values={values}
            onChange={set}
            errors={errors}
          />
          <MultiSelect
            label="Équipiers"
            data={(crew.data ?? []).map((t) => ({ value: String(t.id), label: listedName(t) }))}
            value={teammates}
            onChange={setTeammates}
            searchable
            clearable
            placeholder={crew.isLoading ? 'Chargement...' : 'Choisir...'}
            nothingFoundMessage={MESSAGES.noResult}
            error={errors.teammates}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
    </FormModal>
  );
}

/**
 * The flight record of a realized flight (issue 27): times, takeoff temperature and altitude reached, the only
 * fields the server still takes once the flight is realized. Notes stay on their own card.
 */
export function FlightRecordDialog({ flight, opened, onClose, onSaved }: DialogProps & { flight: Flight }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(RECORD_SECTIONS, flight));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={FLIGHT_RECORD_MESSAGES.recordTitle}
      size="md"
      failureMessage={FLIGHT_RECORD_MESSAGES.recordUpdateFailed}
      onSubmit={() =>
        api.update(FLIGHTS_ENDPOINT, flight.id, asPayloadTimes(toPayload(RECORD_SECTIONS, values, settings)))
      }
      onSaved={onSaved}
    >
      {({ errors }) => <FormSections sections={RECORD_SECTIONS} values={values} onChange={set} errors={errors} />}
    </FormModal>
  );
}

/**
 * Flight status: any status; realized asks for the takeoff and landing times and the confirmation
 * 'Tous les passagers ont-ils volé ?' before Valider; the dialog closes and refreshes even when saving fails.
 */
export function FlightStatusDialog({
  flight,
  opened,
  onClose,
  onSaved,
  onPostpone,
}: DialogProps & {
  flight: Flight;
  /** Issue 12: choosing 'Reporté - météo' hands over to the postponement dialog (summary, mail switch). */
  onPostpone?: () => void;
}) {
  const [statusId, setStatusId] = useState(String(flight.flight_status_id));
  const [takeoff, setTakeoff] = useState((flight.takeoff_time ?? '').slice(0, 5));
  const [landing, setLanding] = useState((flight.landing_time ?? '').slice(0, 5));
  const [haveAllFlown, setAllFlown] = useState<0 | 1>(0);
  const statuses = useQuery({
    queryKey: ['/api/flight-statutes', 'options'],
    queryFn: ({ signal }) => api.list<{ id: number; slug: string; label: string }>('/api/flight-statutes', {}, signal),
    enabled: opened,
  });
  useEffect(() => {
    if (statuses.isError) notifyFailure(LIST_LOAD_FAILED_MESSAGES.flightStatuses, statuses.error);
  }, [statuses.isError, statuses.error]);
  const isRealized = Number(statusId) === FLIGHT_STATUSES.realized.id;
  // Issue 27: realizing a flight before its time is allowed (recorded late, a clock a little off) but said.
  const isEarly = isRealized && isBeforeSchedule(flight.scheduled_date, flight.scheduled_time);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Statut du vol"
      size="md"
      isClosedOnFailure
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404 ? MESSAGES.statusEditUnavailable : MESSAGES.statusUpdateFailed
      }
      canSubmit={!isRealized || haveAllFlown === 1}
      onSubmit={() =>
        api.update(FLIGHTS_ENDPOINT, flight.id, {
          flight_status_id: Number(statusId),
          ...(isRealized ? { takeoff_time: withSeconds(takeoff), landing_time: withSeconds(landing) } : {}),
        })
      }
      // Refreshed whatever the outcome.
      onSaved={onSaved}
    >
      <Radio.Group
        name="flight_status_id"
        label="Statut"
        required
        value={statusId}
        onChange={(value) => {
          const isPostponing =
            Number(value) === FLIGHT_STATUSES.weatherPostponed.id &&
            flight.flight_status_id !== FLIGHT_STATUSES.weatherPostponed.id;
          if (isPostponing && onPostpone) onPostpone();
          else setStatusId(value);
        }}
      >
        <Stack gap="xs" mt="xs">
          {(statuses.data ?? []).map((status) => (
            <Radio key={status.id} value={String(status.id)} label={<FlightStatusTag statusId={status.id} />} />
          ))}
        </Stack>
      </Radio.Group>
      {isRealized && (
        <>
          <WhenInputs
            inputs={[
              { name: 'takeoff_time', label: 'Heure de décollage', type: 'time', value: takeoff, onChange: setTakeoff },
              {
                name: 'landing_time',
                label: "Heure d'atterrissage",
                type: 'time',
                value: landing,
                onChange: setLanding,
              },
            ]}
          />
          <FlagSwitch label={MESSAGES.allPassengersFlown} value={haveAllFlown} onChange={setAllFlown} color="success" />
          {isEarly && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs" role="alert">
              {realizedEarlyWarning(flight.scheduled_date, flight.scheduled_time)}
            </Alert>
          )}
        </>
      )}
    </FormModal>
  );
}

/** Duplicate flight: date, time and what to bring along; 'Vol dupliqué'. */
export function DuplicateFlightDialog({
  flight,
  opened,
  onClose,
  onSaved,
}: DialogProps & { flight: Pick<Flight, 'id' | 'scheduled_date' | 'scheduled_time'> }) {
  const [date, setDate] = useState(flight.scheduled_date);
  const [time, setTime] = useState(flight.scheduled_time.slice(0, 5));
  const [options, setOptions] = useState({
    with_teammates: 1 as 0 | 1,
    with_passengers: 0 as 0 | 1,
    with_notes: 0 as 0 | 1,
  });
  const toggle = (name: keyof typeof options) => (value: 0 | 1) =>
    setOptions((current) => ({ ...current, [name]: value }));
  return (
    <FormModal<Flight>
      opened={opened}
      onClose={onClose}
      title="Dupliquer le vol"
      size="md"
      successMessage={MESSAGES.flightDuplicated}
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404
          ? MESSAGES.flightDuplicateUnavailable
          : MESSAGES.flightDuplicateFailed
      }
      onSubmit={() =>
        api.post<Flight>(`${FLIGHTS_ENDPOINT}/${flight.id}/duplicate`, {
          scheduled_date: date,
          scheduled_time: withSeconds(time),
          ...options,
        })
      }
      onSaved={onSaved}
    >
      <WhenInputs
        inputs={[
          { name: 'scheduled_date', label: 'Date', type: 'date', value: date, onChange: setDate },
          { name: 'scheduled_time', label: 'Heure', type: 'time', value: time, onChange: setTime },
        ]}
      />
      <Stack gap="xs">
        <FlagSwitch
          label="Réaffecter les équipiers"
          value={options.with_teammates}
          onChange={toggle('with_teammates')}
        />
        <FlagSwitch
          label="Dupliquer les inscriptions des passagers"
          value={options.with_passengers}
          onChange={toggle('with_passengers')}
        />
        <FlagSwitch label="Dupliquer les notes" value={options.with_notes} onChange={toggle('with_notes')} />
      </Stack>
    </FormModal>
  );
}

export type PlanningEvent = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  title: string;
  description: string | null;
};

/** Planning event/note (date, time and title required), with its delete ('Erreur lors de la suppression'). */
export function EventDialog({
  event,
  day,
  opened,
  onClose,
  onSaved,
}: DialogProps & { event: PlanningEvent | null; day: string }) {
  const [values, setValues] = useState({
    scheduled_date: event?.scheduled_date ?? day,
    scheduled_time: (event?.scheduled_time ?? '').slice(0, 5),
    title: event?.title ?? '',
    description: event?.description ?? '',
  });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const remove = async () => {
    if (!event) return;
    const isDeleted = await confirmDelete({
      message: `La note « ${event.title} » sera supprimée.`,
      onConfirm: () => api.remove('/api/events', event.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) {
      onSaved();
      onClose();
    }
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={event ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={event ? updateFailedMessage('event') : createFailedMessage('event')}
      onSubmit={() => {
        const payload = { ...values, scheduled_time: withSeconds(values.scheduled_time) };
        return event ? api.update('/api/events', event.id, payload) : api.create('/api/events', payload);
      }}
      onSaved={onSaved}
    >
      <WhenInputs
        inputs={[
          {
            name: 'scheduled_date',
            label: 'Date',
            type: 'date',
            value: values.scheduled_date,
            onChange: set('scheduled_date'),
          },
          {
            name: 'scheduled_time',
            label: 'Heure',
            type: 'time',
            value: values.scheduled_time,
            onChange: set('scheduled_time'),
          },
        ]}
      />
      <TextInput
        name="title"
        label="Titre"
        required
        maxLength={255}
        value={values.title}
        onChange={(e) => set('title')(e.currentTarget.value)}
      />
      <TextAreaField
        name="description"
        label="Description"
        maxLength={5000}
        value={values.description}
        onChange={set('description')}
      />
      {event && (
        <Group>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
            Supprimer la note
          </Button>
        </Group>
      )}
    </FormModal>
  );
}

export type FlightNote = { id: number; content: string; is_pinned: number; flight_id: number; created_at: string };

/** Flight note ({content, is_pinned, flight_id}); a pinned note shows on the card and on top. */
export function FlightNoteDialog({
  flightId,
  note,
  opened,
  onClose,
  onSaved,
}: DialogProps & { flightId: number; note: FlightNote | null }) {
  const [content, setContent] = useState(note?.content ?? '');
  const [isPinned, setPinned] = useState<0 | 1>(note?.is_pinned === 1 ? 1 : 0);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={note ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={note ? updateFailedMessage('note') : createFailedMessage('note')}
      onSubmit={() =>
        note
          ? api.update('/api/flight-notes', note.id, { content, is_pinned: isPinned })
          : api.create('/api/flight-notes', { content, is_pinned: isPinned, flight_id: flightId })
      }
      onSaved={onSaved}
    >
      <TextAreaField name="content" label="Note" required maxLength={5000} value={content} onChange={setContent} />
      <FlagSwitch label="Épingler la note" value={isPinned} onChange={setPinned} />
    </FormModal>
  );
}

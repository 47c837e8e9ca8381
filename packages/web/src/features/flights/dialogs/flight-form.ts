import { BOUNDS, LIST_LOAD_FAILED_MESSAGES, listedName, rangeOf } from '@app/domain';
import { ApiError } from '../../../api/client';
import { ENTITY_PATHS, type Entity } from '../../../api/entities';
import type { FormField } from '../../../components/ReferenceData';
import { withSeconds } from '../flight-model';

// What the flight dialogs share: their props, the flight's choice fields (place, prestation, type, balloon,
// pilot), its date and time, the measured fields, and the times as the API wants them.

export type DialogProps = { opened: boolean; onClose: () => void; onSaved: (saved?: unknown) => void };

/** A note write the server refused (the flight's record sealed meanwhile: 409): its own words, else the screen's. */
export const noteFailure = (fallback: string) => (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.body?.message ? error.body.message : fallback;

export type FlightNote = { id: number; content: string; is_pinned: number; flight_id: number; created_at: string };

export type Choice = {
  entity: Entity;
  labelField: string;
  getLabel?: (item: Record<string, unknown>) => string;
  order?: { field: string; direction: 'ASC' | 'DESC' }[];
};
export const CHOICES: Record<string, Choice & { label: string; failure: string }> = {
  location_id: {
    entity: 'locations',
    labelField: 'label',
    label: 'Lieu de vol',
    failure: LIST_LOAD_FAILED_MESSAGES.locations,
  },
  prestation_id: {
    entity: 'prestations',
    labelField: 'label',
    label: 'Prestation',
    failure: LIST_LOAD_FAILED_MESSAGES.prestations,
  },
  flight_type_id: {
    entity: 'flight-types',
    labelField: 'label',
    label: 'Type de vol',
    failure: LIST_LOAD_FAILED_MESSAGES.flightTypes,
  },
  balloon_id: {
    entity: 'balloons',
    labelField: 'label',
    label: 'Ballon',
    failure: LIST_LOAD_FAILED_MESSAGES.balloons,
  },
  pilot_id: {
    entity: 'pilots',
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

export const choiceField = (name: keyof typeof CHOICES): FormField => {
  const choice = CHOICES[name] as (typeof CHOICES)[string];
  return {
    name,
    label: choice.label,
    kind: 'select',
    options: {
      endpoint: ENTITY_PATHS[choice.entity],
      labelField: choice.labelField,
      ...(choice.getLabel ? { getLabel: choice.getLabel } : {}),
      ...(choice.order ? { order: choice.order } : {}),
    },
    loadFailedMessage: choice.failure,
  };
};

export const WHEN: FormField[] = [
  { name: 'scheduled_date', label: 'Date', kind: 'date', isRequired: true },
  { name: 'scheduled_time', label: 'Heure', kind: 'time', isRequired: true },
];
export const PUBLIC: FormField = {
  name: 'is_public',
  label: 'Visible sur le planning public',
  kind: 'switch',
  isWide: true,
  // Only when the planning widgets are enabled.
  isVisible: (settings) => settings.planningWidgetsEnabled,
};

export const MAX_ALTITUDE: FormField = {
  name: 'flight_max_altitude',
  label: 'Altitude maximale (m)',
  kind: 'number',
  ...rangeOf(BOUNDS.altitude),
  step: 1,
};
export const TAKEOFF_TEMPERATURE: FormField = {
  name: 'takeoff_temperature',
  label: 'Température au décollage (°C)',
  kind: 'number',
  ...rangeOf(BOUNDS.takeoffTemperature),
  step: 'any',
};

/** Issue 30: the fuel loaded, checked on the plan against consumption × (planned time + reserve). */
export const FUEL_LOADED: FormField = {
  name: 'fuel_loaded',
  label: 'Carburant embarqué (kg)',
  kind: 'number',
  ...rangeOf(BOUNDS.fuelLoaded),
  step: 'any',
};

export const asPayloadTimes = (payload: Record<string, unknown>) => {
  for (const key of ['scheduled_time', 'takeoff_time', 'landing_time']) {
    if (typeof payload[key] === 'string' && payload[key]) payload[key] = withSeconds(payload[key] as string);
  }
  return payload;
};

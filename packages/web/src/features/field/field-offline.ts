import {
  FIELD_PASSENGER_FIELDS,
  FIELD_SYNC_PATH,
  type FieldFlight,
  type FieldName,
  type FieldOperation,
  type FieldSyncAnswer,
  type FieldValue,
  type Me,
} from '@app/domain';
import {
  dehydrate,
  hydrate,
  type Mutation,
  MutationObserver,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { FIELD_IDENTITY_KEY as IDENTITY_KEY, storage } from '../../lib/device-storage';

// Issue 31, the launch field offline, on TanStack Query's own offline machinery (as react-admin's
// addOfflineSupportToQueryClient): each write typed on the field is a mutation of the key FIELD_SYNC_KEY whose
// function and outcome handlers are the client's mutation defaults, so a mutation paused offline, saved to
// IndexedDB with the day's flights (dehydrate) and restored after the tab was closed (hydrate), is sent by
// resumePausedMutations when the network returns. One scope: the writes go one after another, in the order typed.
// What the screen shows is the flights as last read plus the writes still waiting (overlay below): a write is
// never hidden by a read that came back before it was sent.

export const FIELD_SYNC_KEY = ['field', 'sync'] as const;
export const flightsKey = (userId: number) => ['field', 'flights', userId] as const;
export const issuesKey = (userId: number) => ['field', 'issues', userId] as const;
const storageKey = (userId: number) => `field-${userId}`;

/** A write the server did not take: a conflict to resolve, or a refusal to read. Kept on the device until seen. */
export type FieldIssue =
  | { kind: 'conflict'; op: FieldOperation; current: FieldValue }
  | { kind: 'refused'; op: FieldOperation; reason: string };

const isPassengerField = (field: FieldName) => (FIELD_PASSENGER_FIELDS as readonly string[]).includes(field);

/** The value of a field of the flight as the device holds it. */
export function fieldValueOf(flight: FieldFlight, field: FieldName, passengerId?: number | null): FieldValue {
  if (isPassengerField(field)) {
    const passenger = flight.passengers.find((p) => p.id === passengerId);
    return passenger ? (passenger[field as 'weight'] ?? null) : null;
  }
  return flight.report[field as keyof FieldFlight['report']] ?? null;
}

/** The flight with one write applied (a copy). */
export function withValue(
  flight: FieldFlight,
  op: Pick<FieldOperation, 'field' | 'passenger_id' | 'value'>,
): FieldFlight {
  if (isPassengerField(op.field)) {
    return {
      ...flight,
      passengers: flight.passengers.map((p) => (p.id === op.passenger_id ? { ...p, [op.field]: op.value } : p)),
    };
  }
  return { ...flight, report: { ...flight.report, [op.field]: op.value } };
}

/** The flights as the screen shows them: as last read, with the writes still waiting applied in order. */
export function overlay(flights: readonly FieldFlight[], pending: readonly FieldOperation[]): FieldFlight[] {
  return flights.map((flight) =>
    pending.filter((op) => op.flight_id === flight.id).reduce((f, op) => withValue(f, op), flight),
  );
}

const isFieldMutation = (m: Mutation<unknown, Error, unknown, unknown>) =>
  m.options.mutationKey?.[0] === FIELD_SYNC_KEY[0] && m.options.mutationKey?.[1] === FIELD_SYNC_KEY[1];

/** The writes not yet answered, in the order typed. */
export function pendingOperations(client: QueryClient): FieldOperation[] {
  return client
    .getMutationCache()
    .getAll()
    .filter((m) => isFieldMutation(m) && m.state.status === 'pending')
    .sort((a, b) => a.mutationId - b.mutationId)
    .map((m) => m.state.variables as FieldOperation);
}

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Network failures, an expired session or token, a server away: kept and sent again, never dropped. */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || [401, 408, 419, 429, 502, 503, 504].includes(error.status);

let wiredFor: { client: QueryClient; userId: number } | null = null;
let unsubscribe: (() => void) | null = null;

/**
 * Wires the client for the field of this user: mutation defaults, the IndexedDB copy restored (the day's flights,
 * the writes waiting, the issues) and kept up to date on every change. Idempotent.
 */
export async function setUpFieldOffline(client: QueryClient, me: Me): Promise<void> {
  const userId = me.user.id;
  if (wiredFor?.client === client && wiredFor.userId === userId) return;
  unsubscribe?.();
  wiredFor = { client, userId };

  client.setQueryDefaults(['field'], { gcTime: Number.POSITIVE_INFINITY, staleTime: 15_000 });
  client.setMutationDefaults(FIELD_SYNC_KEY, {
    gcTime: Number.POSITIVE_INFINITY,
    scope: { id: 'field-sync' },
    mutationFn: async (op: FieldOperation) => {
      const answer = await api.post<FieldSyncAnswer>(FIELD_SYNC_PATH, { operations: [op] });
      return answer.results[0];
    },
    retry: (count: number, error: unknown) => isRetryable(error) && count < 1000,
    retryDelay: (count: number) => Math.min(30_000, 1000 * 2 ** count),
    onSuccess: (result: FieldSyncAnswer['results'][number] | undefined, op: FieldOperation) => {
      if (!result || result.status === 'applied') {
        patchFlight(client, userId, op, op.value);
      } else if (result.status === 'conflict') {
        patchFlight(client, userId, op, result.current ?? null);
        addIssue(client, userId, { kind: 'conflict', op, current: result.current ?? null });
      } else {
        addIssue(client, userId, { kind: 'refused', op, reason: result.reason ?? 'Modification refusée.' });
      }
    },
    onError: (error: unknown, op: FieldOperation) => {
      addIssue(client, userId, {
        kind: 'refused',
        op,
        reason: error instanceof Error ? error.message : 'Modification refusée.',
      });
    },
    onSettled: () => {
      // The queue is empty: read the day again, with what the office changed meanwhile.
      if (pendingOperations(client).length <= 1 && onlineManager.isOnline()) {
        void client.invalidateQueries({ queryKey: flightsKey(userId) });
      }
    },
  });

  // TanStack Query assumes a network until the browser says it went away: a tab opened without one says so now.
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
  await restore(client, userId);
  unsubscribe = keepSaved(client, userId);
  // Not awaited: the day opens at once; the identity is only needed by a later reload without network.
  void storage.set(IDENTITY_KEY, me).catch(() => undefined);
  if (onlineManager.isOnline()) void client.resumePausedMutations();
}

type Snapshot = ReturnType<typeof snapshot>;
let early: Promise<{ me: Me | undefined; saved: Snapshot | undefined }> | null = null;

/**
 * The device's copy read as the page starts, in one read: who was signed in here, and their day. Read when needed,
 * the day waited for a first read, then for React to start, then for a second: on a phone without network, a tenth
 * of a second of the flight's opening.
 */
export function readDeviceEarly(): Promise<{ me: Me | undefined; saved: Snapshot | undefined }> {
  early ??= storage
    .all()
    .then((entries) => {
      const me = entries.get(IDENTITY_KEY) as Me | undefined;
      return { me, saved: me ? (entries.get(storageKey(me.user.id)) as Snapshot | undefined) : undefined };
    })
    .catch(() => ({ me: undefined, saved: undefined }));
  return early;
}

/** The day read early for this user, once (the writes of this tab come after it); undefined: read it now. */
async function takeEarly(userId: number): Promise<{ saved: Snapshot | undefined } | undefined> {
  const read = early;
  early = null;
  const found = read ? await read : undefined;
  return found?.me?.user.id === userId ? found : undefined;
}

function patchFlight(client: QueryClient, userId: number, op: FieldOperation, value: FieldValue) {
  client.setQueryData<FieldFlight[]>(flightsKey(userId), (flights) =>
    flights?.map((f) => (f.id === op.flight_id ? withValue(f, { ...op, value }) : f)),
  );
}

export function addIssue(client: QueryClient, userId: number, issue: FieldIssue) {
  client.setQueryData<FieldIssue[]>(issuesKey(userId), (issues = []) => [
    // A newer answer on the same field replaces the older one.
    ...issues.filter(
      (i) =>
        !(
          i.op.flight_id === issue.op.flight_id &&
          i.op.field === issue.op.field &&
          i.op.passenger_id === issue.op.passenger_id
        ),
    ),
    issue,
  ]);
}

export function removeIssue(client: QueryClient, userId: number, opId: string) {
  client.setQueryData<FieldIssue[]>(issuesKey(userId), (issues = []) => issues.filter((i) => i.op.id !== opId));
}

/** Queues one write typed on the field (sent at once when online, kept and sent later otherwise). */
export function queueWrite(
  client: QueryClient,
  flight: FieldFlight,
  field: FieldName,
  value: FieldValue,
  passengerId: number | null = null,
  /** The office's value when the user keeps the field's after a conflict: the write starts from it. */
  base?: FieldValue,
): void {
  const op: FieldOperation = {
    id: newClientId(),
    flight_id: flight.id,
    passenger_id: passengerId,
    field,
    base: base === undefined ? fieldValueOf(flight, field, passengerId) : base,
    value,
  };
  const observer = new MutationObserver<unknown, unknown, FieldOperation>(client, { mutationKey: FIELD_SYNC_KEY });
  // The outcome is the defaults' (onSuccess, onError above): it must run for a write restored after a reload too.
  observer.mutate(op).catch(() => undefined);
}

function shouldKeepMutation(m: Mutation<unknown, Error, unknown, unknown>) {
  return isFieldMutation(m) && m.state.status === 'pending';
}

function snapshot(client: QueryClient, userId: number) {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) =>
      q.state.status === 'success' &&
      q.queryKey[0] === 'field' &&
      q.queryKey[2] === userId &&
      (q.queryKey[1] === 'flights' || q.queryKey[1] === 'issues'),
    shouldDehydrateMutation: shouldKeepMutation,
  });
  return { savedAt: new Date().toISOString(), state };
}

/** Every change of the field's queries or writes is written to IndexedDB at once (coalesced per task). */
function keepSaved(client: QueryClient, userId: number): () => void {
  let scheduled = false;
  const save = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      void storage.set(storageKey(userId), snapshot(client, userId)).catch(() => undefined);
    }, 0);
  };
  const offQueries = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === 'field' && (event.type === 'updated' || event.type === 'added')) save();
  });
  const offMutations = client.getMutationCache().subscribe((event) => {
    if (event.mutation && isFieldMutation(event.mutation)) save();
  });
  return () => {
    offQueries();
    offMutations();
  };
}

async function restore(client: QueryClient, userId: number): Promise<void> {
  const saved =
    (await takeEarly(userId))?.saved ?? (await storage.get<Snapshot>(storageKey(userId)).catch(() => undefined));
  if (!saved?.state) return;
  // Writes already in the cache (this tab typed them) are not restored twice.
  const known = new Set(pendingOperations(client).map((op) => op.id));
  const state = {
    ...saved.state,
    // A write in flight when the tab closed is sent again: waiting (paused) until resumed.
    mutations: saved.state.mutations
      .filter((m) => !known.has((m.state.variables as FieldOperation | undefined)?.id ?? ''))
      .map((m) => ({ ...m, state: { ...m.state, isPaused: true } })),
  };
  hydrate(client, state);
}

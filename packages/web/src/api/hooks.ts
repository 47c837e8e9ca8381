import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect } from 'react';
import { notifyFailure, notifySuccess } from '../components/notify/notify';
import { type Entity, entityKey } from './entities';
import type { ApiRead } from './reads';

// The one way screens fetch: useApiQuery runs a read (its key derived from its entity and parameters) and shows
// the screen's French load-failure notice when it fails; useApiMutation sends a write, shows its failure notice,
// and re-reads the entities it changed. Transport (session, anti-forgery token, global responses) stays in client.ts.

export type Failure = string | null | ((error: Error) => string | null);

export type ApiQueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & {
  /**
   * Shown in red when the read fails (e.g. MESSAGES.itemsLoadFailed); null when the screen says it otherwise; a
   * function chooses by the error (null for a missing record, which the page states in its place).
   */
  failure: Failure;
};

export function useApiQuery<T>(
  { key, read }: ApiRead<T>,
  { failure, ...options }: ApiQueryOptions<T>,
): UseQueryResult<T, Error> {
  const result = useQuery({ ...options, queryKey: key, queryFn: ({ signal }) => readInOwnTask(read, signal) });
  useFailureNotice(failure, result);
  return useArrivedLater([result])[0] as UseQueryResult<T, Error>;
}

/**
 * A page's sections start their reads when they are put on screen, all in the same moment: each request is sent from
 * a task of its own, so that sending a dozen does not hold the page still (each costs the browser a few
 * milliseconds on a phone).
 */
function readInOwnTask<T>(read: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  }).then(() => read(signal));
}

/**
 * A read's first answer is shown by a render React may pause (a transition), not by the store's synchronous one:
 * a section that fills in with a long list would otherwise hold the page still while it is built. Later answers
 * (a re-read after a change) show at once, as before. Reads side by side are shown together.
 */
function useArrivedLater<T>(results: UseQueryResult<T, Error>[]): UseQueryResult<T, Error>[] {
  const hasData = results.every((result) => result.data !== undefined);
  const shown = useDeferredValue(hasData);
  if (!hasData || shown) return results;
  return results.map(
    (result) =>
      ({
        ...result,
        data: undefined,
        isPending: true,
        isLoading: true,
        isSuccess: false,
        status: 'pending',
      }) as unknown as UseQueryResult<T, Error>,
  );
}

/** Reads of one kind side by side (each role's capabilities...): one notice when any of them fails. */
export function useApiQueries<T>(
  reads: readonly ApiRead<T>[],
  { failure, ...options }: ApiQueryOptions<T>,
): UseQueryResult<T, Error>[] {
  const results = useQueries({
    queries: reads.map(({ key, read }) => ({
      ...options,
      queryKey: key,
      queryFn: ({ signal }: { signal: AbortSignal }) => readInOwnTask(read, signal),
    })),
  });
  useFailureNotice(failure, ...results);
  return useArrivedLater<T>(results);
}

/**
 * Shows `failure` when one of the reads fails, once per failure: a new error object is a new failure (a retry that
 * failed again), the same one is not. A section made of several reads passes them all and says it once.
 */
export function useFailureNotice(
  failure: Failure,
  ...results: readonly { isError: boolean; error: Error | null }[]
): void {
  const error = results.find((result) => result.isError)?.error ?? null;
  const message = error && (typeof failure === 'function' ? failure(error) : failure);
  useEffect(() => {
    if (error && message) notifyFailure(message, error);
  }, [error, message]);
}

/** Re-reads every query of the entities (their lists, records and sections) after something changed them. */
export function useInvalidate(): (...entities: Entity[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...entities: Entity[]) => {
      await Promise.all(entities.map((entity) => client.invalidateQueries({ queryKey: entityKey(entity) })));
    },
    [client],
  );
}

export type ApiMutationOptions<V, R> = {
  write: (variables: V) => Promise<R>;
  /** The entities the write changes: re-read before the mutation resolves. */
  invalidates?: readonly Entity[];
  /** Shown in red when the write fails; a function chooses by the error (the server's own 422 message...). */
  failure?: string | ((error: unknown) => string);
  /** Shown in green after the write. */
  success?: string;
  onSuccess?: (result: R, variables: V) => void;
  /** For screens that say a refusal in place (the passenger's space, under its field) rather than in a notice. */
  onError?: (error: Error, variables: V) => void;
};

export function useApiMutation<V = void, R = unknown>({
  write,
  invalidates = [],
  failure,
  success,
  onSuccess,
  onError,
}: ApiMutationOptions<V, R>): UseMutationResult<R, Error, V> {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: write,
    // The screen answers at once (closes its dialog, says it in place); the mutation resolves, and the green notice
    // shows, once the changed entities are read again and the page holds the saved state.
    onSuccess: async (result, variables) => {
      onSuccess?.(result, variables);
      await invalidate(...invalidates);
      if (success) notifySuccess(success);
    },
    onError: (error, variables) => {
      if (failure !== undefined) notifyFailure(typeof failure === 'function' ? failure(error) : failure, error);
      onError?.(error, variables);
    },
  });
}

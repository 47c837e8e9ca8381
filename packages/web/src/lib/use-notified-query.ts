import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyFailure } from '../components/notify/notify';

/** A list read for a section of a page, its load-failure message shown in red when it fails. */
export function useNotifiedList<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T[]>, failure: string) {
  const result = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  useEffect(() => {
    if (result.isError) notifyFailure(failure, result.error);
  }, [result.isError, result.error, failure]);
  return result;
}

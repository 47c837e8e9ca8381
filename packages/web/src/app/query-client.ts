import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/**
 * The one query cache of the app. Data stays fresh for 30 s (lists re-read when a screen comes back after that),
 * answers from the server are never retried (a 4xx will not change, a 503 is maintenance), network failures once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's query cache (main.tsx provides it; route loaders start a page's read in it before the page is loaded). */
export const appQueryClient = createQueryClient();

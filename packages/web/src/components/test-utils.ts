// Test helpers for components (not shipped: only *.test.tsx import this file).
import { configure } from '@testing-library/react';

// Suites importing these helpers drive debounced requests and 500 ms dialog animations: findBy/waitFor get 3 s
// instead of 1 s so a busy machine does not fail them (src/test/setup.ts would be the place for every suite).
configure({ asyncUtilTimeout: 3000 });

/**
 * Makes window.matchMedia answer min-width/max-width queries as a screen `width` px wide would
 * (src/test/setup.ts answers false to everything, i.e. a small screen). Returns a restore function.
 */
export function setScreenWidth(width: number): () => void {
  const previous = window.matchMedia;
  const toPx = (value: string, unit: string) => Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)].every(([, kind, value, unit]) => {
      const px = toPx(value as string, unit as string);
      return kind === 'min' ? width >= px : width <= px;
    });
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = previous;
  };
}

export type FakeCall = {
  method: string;
  url: URL;
  body: unknown;
  /** performance.now() when the request left: debounce tests compare it with the last keystroke's time. */
  at: number;
};
export type FakeAnswer = { status?: number; body?: unknown };

/**
 * No network-mocking library is installed: tests replace globalThis.fetch with this fake, which answers as the
 * server documents (docs/api.md: paginated reads answer {data, count, sum, prev, next}; 422 {message, errors}).
 * Every call but the anti-forgery cookie request is recorded with its parsed URL and JSON body. Returns the calls and a restore function.
 */
export function fakeFetch(answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>) {
  const previous = globalThis.fetch;
  const calls: FakeCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    // The client fetches the anti-forgery cookie before its first write: not a call under test.
    if (url.pathname === '/csrf-cookie') return new Response(null, { status: 204 });
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      at: performance.now(),
    };
    calls.push(call);
    const { status = 200, body = null } = await answer(call);
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = previous;
    },
  };
}

/** A page as the server answers a list read with `page` (data, count, sum, prev, next). */
export function pageOf<T>(data: T[], page: number, count: number, perPage = 10) {
  const last = Math.max(1, Math.ceil(count / perPage));
  return { data, count, sum: null, prev: page > 1 ? page - 1 : null, next: page < last ? page + 1 : null };
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** waitFor options for a dialog's 500 ms close animation, with room for a busy test machine. */
export const AFTER_CLOSE = { timeout: 3000 } as const;

/**
 * Records when `element` last received input. A debounce test compares request times with it: timers never fire
 * early, so "at least N ms after the last keystroke" holds however slow the machine, where "nothing after N ms"
 * would not.
 */
export function lastInputTime(element: HTMLElement): () => number {
  let time = Number.NEGATIVE_INFINITY;
  element.addEventListener('input', () => {
    time = performance.now();
  });
  return () => time;
}

/** Options for suites that click through many dialogs and pages: jsdom and Mantine are slow on a busy machine. */
export const INTERACTION_SUITE = { timeout: 20_000 } as const;

import type { ListQuery, Paginated } from '@app/domain';
import { formatListQuery } from '@app/domain';

// The one module that talks to the server. Screens never call fetch themselves (STYLE.md).
// Global responses (401/419 reload, 503 maintenance) are handled here: see onGlobalResponse in ./global.ts.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Record<string, string[]> } | null,
  ) {
    super(body?.message ?? `Erreur ${status}`);
  }
}

/** A record that does not exist or was deleted: pages say so in place of a red notice. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

type Listener = (status: number, ok: boolean) => void;
const listeners = new Set<Listener>();
/** Observe every response (401/419 reload, 503 maintenance...). Returns an unsubscribe function. */
export function onResponse(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * Where the API lives. Same origin by default; a split deployment (the API on the current host prefixed with
 * 'api.') builds with VITE_API_ORIGIN=api-subdomain, or with an explicit origin such as https://api.example.fr.
 */
export function resolveApiOrigin(setting: string | undefined, location: { protocol: string; host: string }): string {
  if (!setting) return '';
  if (setting === 'api-subdomain') return `${location.protocol}//api.${location.host}`;
  return setting.replace(/\/$/, '');
}
const API_ORIGIN = resolveApiOrigin(import.meta.env.VITE_API_ORIGIN, window.location);

/** The address of an API path for the browser itself to open (a PDF in a frame, a download link). */
export const apiUrl = (path: string): string => `${API_ORIGIN}${path}`;

export type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** A public route for pages without a session (the planning widget): no cookie, no anti-forgery token. */
  isAnonymous?: boolean;
};

let csrfCookieRequest: Promise<unknown> | null = null;
/** Asks the server for the anti-forgery cookie when the browser has none yet (one request at a time). */
async function ensureCsrfCookie(): Promise<string | null> {
  const existing = readCookie('XSRF-TOKEN');
  if (existing) return existing;
  csrfCookieRequest ??= fetch(`${API_ORIGIN}/csrf-cookie`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .catch(() => null)
    .finally(() => {
      csrfCookieRequest = null;
    });
  await csrfCookieRequest;
  return readCookie('XSRF-TOKEN');
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance: the status alone tells what happened.
    return null;
  }
}

declare global {
  interface Window {
    /** GET /api/me sent by public/early-session.js before the app's code ran (null when it could not be sent). */
    __earlySession?: Promise<Response | null>;
  }
}

/** The session read public/early-session.js started, taken once by the first session read of the page. */
export const earlySession = {
  take(): Promise<Response | null> | null {
    const early = window.__earlySession ?? null;
    window.__earlySession = undefined;
    return early;
  },
  discard(): void {
    window.__earlySession = undefined;
  },
  /** Whether it was sent and no session read has taken it yet. */
  isPending(): boolean {
    return window.__earlySession !== undefined;
  },
};

/** GET `path` answered by `early` when it came back, else asked now (the early request failed to leave). */
export async function requestFrom<T>(early: Promise<Response | null>, path: string, signal?: AbortSignal): Promise<T> {
  const response = await early;
  return response ? readResponse<T>(response) : request<T>(path, { signal });
}

export async function request<T>(
  path: string,
  { method = 'GET', body, signal, isAnonymous = false }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (file upload) goes as multipart: the browser writes the Content-Type with its boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && !isAnonymous) {
    const token = await ensureCsrfCookie();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  // A write may sign in or out: the session read that early-session.js started is no longer the truth.
  if (method !== 'GET') earlySession.discard();
  const response = await fetch(`${API_ORIGIN}${path}`, {
    method,
    headers,
    // The public routes answer any origin with '*', which a credentialed request may not read.
    credentials: isAnonymous ? 'omit' : 'include',
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    signal,
  });
  return readResponse<T>(response);
}

/** A response as every call reads it: the global listeners told, the JSON body, an ApiError when not ok. */
async function readResponse<T>(response: Response): Promise<T> {
  for (const l of listeners) l(response.status, response.ok);
  if (response.status === 204) return undefined as T;
  const data = parseBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, data as ApiError['body']);
  return data as T;
}

/**
 * Whether the server is in maintenance, from GET /health: it needs no session and answers 200 even then, so a
 * signed-out visitor learns it without a failed call. Not seen by the response listeners: this 200 says nothing
 * about the session. Null when the server cannot be asked.
 */
export async function readMaintenanceState(): Promise<boolean | null> {
  try {
    const response = await fetch(`${API_ORIGIN}/health`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = parseBody(await response.text()) as { maintenance?: unknown } | null;
    return body?.maintenance === true;
  } catch {
    return null;
  }
}

const withQuery = (path: string, query?: ListQuery) => {
  const qs = query ? formatListQuery(query).toString() : '';
  return qs ? `${path}?${qs}` : path;
};

/**
 * The address of a list's CSV export (every row of the query's filters, search and order, not one page), for a
 * plain download link: the browser sends the session cookie itself.
 */
export const csvExportUrl = (endpoint: string, query: ListQuery, columns: readonly [string, string][]): string => {
  // Pages, sums, counts and appends are not columns of a CSV: the server is spared them.
  const { page: _page, per_page: _perPage, sum: _sum, count: _count, append: _append, ...rest } = query;
  const params = new URLSearchParams([...formatListQuery(rest)]);
  params.set('format', 'csv');
  params.set('columns', JSON.stringify(columns));
  return apiUrl(`${endpoint}?${params}`);
};

/** Generic data access over a resource endpoint such as `/api/balloons`. */
export const api = {
  get: <T>(path: string, query?: ListQuery, signal?: AbortSignal) => request<T>(withQuery(path, query), { signal }),
  list: <T>(endpoint: string, query: ListQuery = {}, signal?: AbortSignal) =>
    request<T[]>(withQuery(endpoint, { ...query, page: undefined }), { signal }),
  page: <T>(endpoint: string, query: ListQuery & { page: number }, signal?: AbortSignal) =>
    request<Paginated<T>>(withQuery(endpoint, query), { signal }),
  one: <T>(endpoint: string, id: number, query?: ListQuery, signal?: AbortSignal) =>
    request<T>(withQuery(`${endpoint}/${id}`, query), { signal }),
  create: <T>(endpoint: string, body: unknown) => request<T>(endpoint, { method: 'POST', body }),
  update: <T>(endpoint: string, id: number, body: unknown) => request<T>(`${endpoint}/${id}`, { method: 'PUT', body }),
  remove: (endpoint: string, id: number) => request<void>(`${endpoint}/${id}`, { method: 'DELETE' }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  /** POST multipart/form-data with one file under `field`. */
  upload: <T>(path: string, file: File, field = 'file') => {
    const form = new FormData();
    form.append(field, file, file.name);
    return request<T>(path, { method: 'POST', body: form });
  },
};

/** The anonymous routes under /api/public (the planning widget framed on an operator's site). */
export const publicApi = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal, isAnonymous: true }),
  post: <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body, isAnonymous: true }),
  // Issue 28: the passenger's space (/api/space/{token}), whose link is the key.
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body, isAnonymous: true }),
  remove: (path: string) => request<void>(path, { method: 'DELETE', isAnonymous: true }),
};

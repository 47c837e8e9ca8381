import type { Me } from '@app/domain';
import { useSyncExternalStore } from 'react';
import { authApi } from '../api/auth';
import { forgetFieldIdentity } from '../lib/device-storage';

// Session and app state: authenticated or not, the current user with role, capabilities and
// settings, and maintenance mode. A plain external store so route guards (outside React) read it synchronously.

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export type SessionState = {
  status: SessionStatus;
  me: Me | null;
  isMaintenance: boolean;
  /** Where the user was when maintenance started, to go back there afterwards. */
  maintenanceFrom: string | null;
};

const initialState: SessionState = { status: 'unknown', me: null, isMaintenance: false, maintenanceFrom: null };
let state: SessionState = initialState;
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getSession = (): SessionState => state;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSession = (): SessionState => useSyncExternalStore(subscribeSession, getSession, getSession);

/** The signed-in user's data; only call under the authenticated layout, where the guard guarantees it. */
export function useMe(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useMe outside the authenticated area');
  return me;
}

export function setMe(me: Me): void {
  setState({ status: 'authenticated', me });
}

/** Forget the user: login failure, failed current-user call, logout. */
export function resetSession(): void {
  setState({ status: 'anonymous', me: null });
}

export function setMaintenance(isOn: boolean, from: string | null = null): void {
  if (state.isMaintenance === isOn && (!isOn || from === null)) return;
  setState({ isMaintenance: isOn, maintenanceFrom: isOn ? (from ?? state.maintenanceFrom) : state.maintenanceFrom });
}

export function takeMaintenanceFrom(): string | null {
  const from = state.maintenanceFrom;
  if (from) state = { ...state, maintenanceFrom: null };
  return from;
}

let pendingMe: Promise<Me | null> | null = null;

/** Fetches the current user; on failure the session is reset. Concurrent callers share one request. */
export function refreshSession(): Promise<Me | null> {
  pendingMe ??= authApi
    .me()
    .then((me) => {
      setMe(me);
      return me;
    })
    .catch(() => {
      resetSession();
      return null;
    })
    .finally(() => {
      pendingMe = null;
    });
  return pendingMe;
}

/** The session as known, fetching it first when it is not yet known. */
export async function ensureSession(): Promise<SessionState> {
  if (state.status === 'unknown') await refreshSession();
  return state;
}

/** POST /login after the anti-forgery cookie, then the current user. Resets the session on any failure. */
export async function signIn(email: string, password: string): Promise<Me> {
  try {
    await authApi.csrfCookie();
    await authApi.login(email, password);
    const me = await authApi.me();
    setMe(me);
    return me;
  } catch (error) {
    resetSession();
    throw error;
  }
}

/** POST /logout; the session is reset whatever the answer (the caller then goes to login). */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Already signed out on the server (expired session): nothing more to do.
  } finally {
    resetSession();
    // The launch field's day (issue 31) no longer opens offline for the user who left.
    void forgetFieldIdentity();
  }
}

/** Only for tests. */
export function resetSessionStoreForTests(next: Partial<SessionState> = {}): void {
  pendingMe = null;
  state = { ...initialState, ...next };
  for (const listener of listeners) listener();
}

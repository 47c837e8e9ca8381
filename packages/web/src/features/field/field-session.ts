import type { Me } from '@app/domain';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { loginPathFor } from '../../lib/guards';
import { getSession, refreshSession, setMe } from '../../session/store';
import { readDeviceEarly } from './field-offline';

// The field's own guard: the launch field has no network, so a reload there cannot ask the server who is signed
// in. Online, the session is asked as everywhere (no session: the sign-in page, then back here). Without a network,
// the user last signed in on this device keeps their day: what they see is their own copy, and every write still
// goes through the server's checks once sent.

const isNetworkFailure = (error: unknown) => !(error instanceof ApiError);

async function currentUser(): Promise<Me | null> {
  const known = getSession().me;
  if (known) return known;
  if (!navigator.onLine) return (await readDeviceEarly()).me ?? null;
  try {
    const me = await authApi.me();
    setMe(me);
    return me;
  } catch (error) {
    if (isNetworkFailure(error)) return (await readDeviceEarly()).me ?? null;
    // 401: nobody signed in; the shared session store forgets the user as everywhere else.
    await refreshSession();
    return null;
  }
}

/** The user whose day the field shows, or where to send them: the office's sign-in page, then back here. */
export async function fieldUser(
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<{ me: Me } | { signIn: string }> {
  const me = await currentUser();
  return me ? { me } : { signIn: loginPathFor(`${location.pathname}${location.search}`) };
}

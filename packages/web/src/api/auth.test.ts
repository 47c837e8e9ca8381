import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from './auth';
import { ApiError } from './client';

// The session read that public/early-session.js sends before the app's code runs: taken once, by the first session
// read, and never after a write (a sign-in or sign-out makes it stale).

const me = { user: { id: 1, first_name: 'Alice' } };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the early session read', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.__earlySession = undefined;
  });

  it('answers the first session read without a second request, then reads afresh', async () => {
    const fetch = vi.fn(async () => json(200, { user: { id: 2 } }));
    vi.stubGlobal('fetch', fetch);
    window.__earlySession = Promise.resolve(json(200, me));
    expect(await authApi.me()).toEqual(me);
    expect(fetch).not.toHaveBeenCalled();
    expect(await authApi.me()).toEqual({ user: { id: 2 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives its refusal as any call does (a visitor without session)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    window.__earlySession = Promise.resolve(json(401, { message: 'Non authentifié.' }));
    await expect(authApi.me()).rejects.toBeInstanceOf(ApiError);
  });

  it('is asked again when it could not leave (offline), and dropped by a sign-in', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/login') ? json(200, { user: me.user }) : json(200, me),
    );
    vi.stubGlobal('fetch', fetch);
    window.__earlySession = Promise.resolve(null);
    expect(await authApi.me()).toEqual(me);
    expect(fetch).toHaveBeenCalledTimes(1);

    window.__earlySession = Promise.resolve(json(401, { message: 'Non authentifié.' }));
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would have set
    document.cookie = 'XSRF-TOKEN=t';
    await authApi.login('a@example.test', 'secret');
    expect(await authApi.me()).toEqual(me);
    expect(window.__earlySession).toBeUndefined();
  });
});

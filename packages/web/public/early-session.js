// Asks the server who is signed in while the app's code is still on its way: on a phone, the session call otherwise
// left only once the main bundle had run, and every page waited one more round trip for it. The app takes this
// answer for its first session read (src/api/auth.ts) and ignores it once anything has signed in or out. Not on the
// pages that need no session (sign-in and password pages, maintenance, the framed widget, the passenger's space).
(() => {
  const path = window.location.pathname;
  if (/^\/(auth|widget|espace|maintenance)(\/|$)/.test(path)) return;
  const script = document.currentScript;
  const setting = script?.dataset.apiOrigin ?? '';
  const origin = !setting
    ? ''
    : setting === 'api-subdomain'
      ? `${window.location.protocol}//api.${window.location.host}`
      : setting.replace(/\/$/, '');
  window.__earlySession = fetch(`${origin}/api/me`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).catch(() => null);
  // The screen's own code too (the build writes each main screen's chunks into data-route-chunks): it leaves now,
  // not once the entry has run. The app's own loading finds the script links and does not ask twice. Style sheets
  // are only fetched into the cache (kept a year): the browser warns about a preload link not applied within seconds
  // of the load, as happens when nobody is signed in (the app goes to the sign-in page) or the device is slow.
  try {
    const { files, routes } = JSON.parse(script?.dataset.routeChunks || '{"files":[],"routes":[]}');
    const route = routes.find(([pattern]) => new RegExp(pattern).test(path));
    for (const at of route ? route[1] : []) {
      const file = `/${files[at]}`;
      if (file.endsWith('.css')) {
        fetch(file).catch(() => null);
        continue;
      }
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  } catch {
    // Only a head start: the app loads what it needs in any case.
  }
})();

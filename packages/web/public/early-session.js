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
  // not once the entry has run. The app's own loading finds these links and does not ask twice.
  try {
    const { files, routes } = JSON.parse(script?.dataset.routeChunks || '{"files":[],"routes":[]}');
    const route = routes.find(([pattern]) => new RegExp(pattern).test(path));
    for (const at of route ? route[1] : []) {
      const file = `/${files[at]}`;
      const link = document.createElement('link');
      const isStyle = file.endsWith('.css');
      link.rel = isStyle ? 'preload' : 'modulepreload';
      if (isStyle) link.as = 'style';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  } catch {
    // Only a head start: the app loads what it needs in any case.
  }
})();

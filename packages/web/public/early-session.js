// Asks the server who is signed in while the app's code is still on its way: on a phone, the session call otherwise
// left only once the main bundle had run, and every page waited one more round trip for it. The app takes this
// answer for its first session read (src/api/auth.ts) and ignores it once anything has signed in or out. Not on the
// pages that need no session (sign-in and password pages, maintenance, the framed widget, the passenger's space).
(() => {
  const path = window.location.pathname;
  if (/^\/(auth|widget|espace|maintenance)(\/|$)/.test(path)) return;
  const setting = document.currentScript?.dataset.apiOrigin ?? '';
  const origin = !setting
    ? ''
    : setting === 'api-subdomain'
      ? `${window.location.protocol}//api.${window.location.host}`
      : setting.replace(/\/$/, '');
  window.__earlySession = fetch(`${origin}/api/me`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).catch(() => null);
})();

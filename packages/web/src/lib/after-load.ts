// What a page does not need to show itself waits for it: a moment after the load event, when the browser is idle.
// On a phone's first visit on 4G, the first screen's own reads, code and rendering come first.

const AFTER_LOAD_MS = 1500;

/** Runs `run` a moment after the page's load, once the browser is idle (3 s at most). */
export function afterPageLoad(run: () => void): void {
  const idle = () =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
      else run();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

import { type ComponentType, lazy, Suspense, useState } from 'react';

// A page offers many dialogs and shows none at first: each one's form (date pickers, number fields, searches) is
// code the page would otherwise download before it can show itself, on a tablet's 4G as on the office's fibre.

// Fetched ahead, a moment after the page's load and when the browser is idle: the page's own reads and pictures
// come first, and a first opening rarely waits.
const AFTER_LOAD_MS = 1500;
const whenIdle = (run: () => void) => {
  const idle = () =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
      else run();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

/**
 * A dialog whose code is fetched after the page has loaded (see above), or at its first opening if that comes
 * first. It is built from its first opening on, as before (closed, it plays its closing animation).
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  let isPrefetchPlanned = false;
  const Dialog = lazy(async () => ({ default: await loadOnce() }));
  return function LazyDialog(props: P) {
    if (!isPrefetchPlanned) {
      isPrefetchPlanned = true;
      whenIdle(() => void loadOnce().catch(() => {}));
    }
    const [hasOpened, setHasOpened] = useState(props.opened);
    if (props.opened && !hasOpened) setHasOpened(true);
    return hasOpened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}

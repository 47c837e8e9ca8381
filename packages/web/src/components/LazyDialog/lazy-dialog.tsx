import { type ComponentType, lazy, Suspense, useState } from 'react';
import { afterPageLoad } from '../../lib/after-load';

// A page offers many dialogs and shows none at first: each one's form (date pickers, number fields, searches) is
// code the page would otherwise download before it can show itself, on a tablet's 4G as on the office's fibre.

/**
 * A dialog whose code is fetched a moment after the page has loaded (afterPageLoad), or at its first opening if that
 * comes first. It is built from its first opening on, as before (closed, it plays its closing animation).
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
      afterPageLoad(() => void loadOnce().catch(() => {}));
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

import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks what Mantine measures with.
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};
// Width queries are answered from jsdom's window (1024 px wide, a desktop: the side navigation shows), others are false.
const matchesWidth = (query: string): boolean => {
  const width = /\((min|max)-width:\s*([\d.]+)(em|px)\)/.exec(query);
  if (!width) return false;
  const px = Number(width[2]) * (width[3] === 'em' ? 16 : 1);
  return width[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

// Debounced requests and 500 ms dialog animations: findBy/waitFor get 3 s so a busy machine does not fail them.
configure({ asyncUtilTimeout: 3000 });

// The notifications' store is the module's, and a worker's files share their modules (isolate: false): a notice one
// test left must not show in the next test's page.
afterEach(() => {
  cleanup();
  notifications.clean();
});

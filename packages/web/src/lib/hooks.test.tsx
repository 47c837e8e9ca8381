import { MantineProvider } from '@mantine/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '../components/test-utils';
import { theme } from '../theme';
import { useSearchText } from './debounce';
import { useStoredState } from './local-storage';
import { useIsLargeScreen } from './media';

const withTheme = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme}>{children}</MantineProvider>
);

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('useIsLargeScreen', () => {
  it.each([
    [1024, true],
    [1280, true],
    [1023, false],
    [800, false],
  ])('at %i px says %s', (width, expected) => {
    const restore = setScreenWidth(width);
    const seen: boolean[] = [];
    renderHook(
      () => {
        const isLarge = useIsLargeScreen();
        seen.push(isLarge);
        return isLarge;
      },
      { wrapper: withTheme },
    );
    // Right from the first render: no small-then-large flicker.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value === expected)).toBe(true);
    restore();
  });
});

describe('useStoredState', () => {
  it('reads the remembered value on the first render and remembers changes', () => {
    localStorage.setItem('planning-view', JSON.stringify('month'));
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const state = useStoredState('planning-view', 'week');
      seen.push(state[0]);
      return state;
    });
    expect(seen[0]).toBe('month');
    act(() => result.current[1]('week'));
    expect(JSON.parse(localStorage.getItem('planning-view') ?? 'null')).toBe('week');
  });
});

describe('useSearchText', () => {
  it('gives the trimmed text 200 ms after the last change, and nothing under 3 characters', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useSearchText(text), { initialProps: { text: '' } });
    rerender({ text: 'Du' });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('');
    rerender({ text: ' Dup ' });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(60));
    expect(result.current).toBe('Dup');
  });
});

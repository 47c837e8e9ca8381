import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * "Large screens" start at the 1024 px breakpoint (theme `md`). Read synchronously on the first
 * render (no server rendering here) so lists do not render once small, then again large.
 */
export function useIsLargeScreen(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints.md ?? em(1024)})`, undefined, {
    getInitialValueInEffect: false,
  });
}

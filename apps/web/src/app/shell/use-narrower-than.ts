import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is narrower than a breakpoint of the theme, for the layouts that move controls
 * elsewhere on a small screen rather than restyle them: each control then exists once, in one place.
 * Read at the first render, so that a phone never draws the wide layout first.
 */
export function useNarrowerThan(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`not all and (min-width: ${theme.breakpoints[breakpoint]})`, false, {
    getInitialValueInEffect: false,
  });
}

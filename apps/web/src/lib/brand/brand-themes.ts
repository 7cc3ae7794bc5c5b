import {
  createTheme,
  Input,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Brand } from '@portal/contracts/brands';
import focusRing from './focus-ring.module.css';

// Shade 6 is the one filled buttons and active links use: both palettes keep white text on it, and it on
// its own light tint, above the 4.5:1 contrast of WCAG AA.
const crust: MantineColorsTuple = [
  '#fdf3ea',
  '#f8e2cf',
  '#f0c39e',
  '#e7a26a',
  '#df8640',
  '#d97426',
  '#a1500f',
  '#964a0e',
  '#7a3c0b',
  '#5e2e08',
];

const harbour: MantineColorsTuple = [
  '#e6f0fa',
  '#cfe0f3',
  '#a0c1e7',
  '#6d9fdb',
  '#4382d1',
  '#2a70cb',
  '#005daa',
  '#004f91',
  '#004077',
  '#00305a',
];

const shared = {
  primaryShade: 6,
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not draw rings on buttons. An input shows
  // its ring whenever it has focus, since typing goes there (focus-ring.module.css).
  focusRing: 'auto',
  autoContrast: true,
  cursorType: 'pointer',
  components: { Input: Input.extend({ classNames: { input: focusRing.input } }) },
} satisfies MantineThemeOverride;

export const BRAND_THEMES: Readonly<Record<Brand, MantineThemeOverride>> = {
  bread: createTheme({ ...shared, primaryColor: 'crust', colors: { crust } }),
  rbc: createTheme({ ...shared, primaryColor: 'harbour', colors: { harbour } }),
};

/**
 * Mantine's error red (shade 6) on white is below the WCAG AA contrast for error texts and an invalid
 * field's text; shade 8 is above it. Every form and dialog of both brands gets it from the provider.
 */
export const readableErrors: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

import { createTheme, darken, luminance, type CSSVariablesResolver } from '@mantine/core';
import type { ColorPicker, Drawer, Menu, Modal, TableScrollContainer } from '@mantine/core';

/**
 * A component's theme entry, typed as its `Component.extend` would type it. `extend` itself is an
 * identity function, but calling it imports the component, and the theme is in the first screen's code.
 */
const extend = <Component extends { extend: (input: never) => unknown }>(input: Parameters<Component['extend']>[0]) =>
  input;

export const theme = createTheme({
  primaryColor: 'harbour',
  colors: {
    harbour: [
      '#e8f2f8',
      '#d2e3ed',
      '#a3c6db',
      '#71a8c9',
      '#4a8eba',
      '#327eb1',
      '#2476ad',
      '#166498',
      '#1b4965',
      '#00476f',
    ],
  },
  // sm is the spec's mobile boundary: the mobile layout applies below 730 px.
  breakpoints: { xs: '36em', sm: '45.625em', md: '62em', lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine's close buttons are a bare icon with no name of their own.
    Modal: extend<typeof Modal>({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: extend<typeof Drawer>({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // The focus placeholder is a non-item child of role="menu", which screen readers cannot place.
    Menu: extend<typeof Menu>({ defaultProps: { withInitialFocusPlaceholder: false } }),
    ColorPicker: extend<typeof ColorPicker>({
      defaultProps: { saturationLabel: 'Saturation', hueLabel: 'Hue', alphaLabel: 'Opacity' },
    }),
    // A table wider than the screen scrolls sideways; keyboard users need to focus it to scroll it.
    TableScrollContainer: extend<typeof TableScrollContainer>({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});

/** Mantine's default primary shade in the light scheme. */
const primaryShade = 6;
const contrastWithWhite = (colour: string) => 1.05 / (luminance(colour) + 0.05);

/** The lightest shade, from the primary one on, under which white text reaches 4.5:1; else a darker ninth. */
function readableFilled(shades: readonly string[]): string {
  const index = shades.findIndex((shade, i) => i >= primaryShade && contrastWithWhite(shade) >= 4.5);
  return index === -1 ? darken(shades[9]!, 0.2) : shades[index]!;
}

/**
 * Mantine's light-scheme defaults fall short of WCAG AA's 4.5:1 in places: dimmed grey (3.3:1 on
 * white), red error text (3.3:1), white on filled red or green (3.3:1, 2.4:1), grey outline badges
 * (3.3:1) and the text of light badges and buttons on their tint (3.8:1 for green). These keep each
 * colour and reach 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(t.colors).flatMap(([name, shades]) => {
        const filled = readableFilled(shades);
        return [
          [`--mantine-color-${name}-filled`, filled],
          [`--mantine-color-${name}-filled-hover`, darken(filled, 0.1)],
          [`--mantine-color-${name}-outline`, filled],
          [`--mantine-color-${name}-light-color`, darken(shades[9]!, 0.2)],
        ];
      }),
    ),
  },
  dark: {},
});

import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default system with solid greens and oranges one shade darker: white text on green.600 (3.3:1) and
 * orange.600 (3.6:1) falls short of WCAG AA's 4.5:1 for normal text; green.700 and orange.700 reach it (axe checks
 * every screen in the end-to-end suite). Inline field errors (fg.error, red.500 by default: 3.8:1 on white) use
 * red.700 in light mode.
 */
const accessibleColors = defineConfig({
  theme: {
    // Inter ships with the app (@fontsource-variable/inter, imported in main.tsx): the same letters, widths and
    // layout on every machine, instead of whatever system font a browser falls back to (DejaVu Sans, on a bare
    // Linux, is wide enough to push a broker's header onto two rows at 1280 px).
    tokens: {
      fonts: {
        heading: { value: "'Inter Variable', system-ui, sans-serif" },
        body: { value: "'Inter Variable', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, accessibleColors);

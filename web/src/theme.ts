import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (every token, text and layer style) with only the recipes of the components the app uses
 * (`themeRecipes.test.ts` fails when a screen starts using one that is missing here). Importing Chakra's
 * `defaultConfig` also ran `createSystem` once more for its unused `defaultSystem`, and the unused recipes were
 * shipped: on a phone that was a few hundred milliseconds of the page's start (issue 24).
 */
const appTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      fileUpload: fileUploadSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * Solid greens and oranges one shade darker: white text on green.600 (3.3:1) and orange.600 (3.6:1) falls short of
 * WCAG AA's 4.5:1 for normal text; green.700 and orange.700 reach it (axe checks every screen in the end-to-end
 * suite). Inline field errors (fg.error, red.500 by default: 3.8:1 on white) use red.700 in light mode.
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

type UtilityConfig = NonNullable<SystemConfig['utilities']>;
/** A utility's values as a function of the token lookup (Chakra's `ThemeFn`). */
type ValuesOfTokens = (tokens: (path: string) => Record<string, string>) => Record<string, string>;

/**
 * Chakra's utilities whose values are a function of the tokens (every color property's values are all the colors),
 * each answering one object per token lookup instead of copying every color again for each of the ~30 color
 * properties: that copying was a quarter of createSystem on the phone (issue 24). The objects are only read.
 */
function sharedUtilityValues(): UtilityConfig {
  const answers = new Map<ValuesOfTokens, WeakMap<object, Record<string, string>>>();
  const shared =
    (values: ValuesOfTokens): ValuesOfTokens =>
    (tokens) => {
      let byLookup = answers.get(values);
      if (!byLookup) answers.set(values, (byLookup = new WeakMap()));
      let answer = byLookup.get(tokens);
      if (!answer) byLookup.set(tokens, (answer = values(tokens)));
      return answer;
    };
  const utilities: UtilityConfig = {};
  for (const [name, utility] of Object.entries(defaultBaseConfig.utilities ?? {}))
    if (utility && typeof utility.values === 'function')
      utilities[name] = { ...utility, values: shared(utility.values as ValuesOfTokens) };
  return utilities;
}

/** The configurations the app's system is made of (the build also renders their global styles: buildPlugins.ts). */
export const appSystemConfigs = [
  defaultBaseConfig,
  defineConfig({ utilities: sharedUtilityValues() }),
  appTheme,
  accessibleColors,
];

let system: SystemContext | undefined;

/**
 * The app's Chakra system, made on first call: building it (Chakra's createSystem: every token, its CSS variables and
 * the recipes) is the largest single piece of the start-up, so start.tsx runs it in a task of its own (issue 24).
 */
export function appSystem(): SystemContext {
  return (system ??= createSystem(...appSystemConfigs));
}

let provided: SystemContext | undefined;

/**
 * The system as ChakraProvider gets it: without its global styles (the reset, the global CSS and every token's CSS
 * variable, about 30 kB of CSS), which the build writes into the app's style sheet instead (`chakraGlobalStyles` in
 * buildPlugins.ts). The browser reads them with the page instead of Emotion serializing and inserting them on every
 * start (issue 24). The build also makes `_global` a getter (`lazyChakraGlobalStyles`), so it is never computed here.
 */
export function providedSystem(): SystemContext {
  const made = appSystem();
  return (provided ??= Object.defineProperties({} as SystemContext, {
    ...Object.getOwnPropertyDescriptors(made),
    _global: { value: [], enumerable: true },
    // The layers' order (`@layer reset, base, tokens, recipes`) is in the style sheet too.
    _config: { value: { ...made._config, disableLayers: true }, enumerable: true },
  }));
}

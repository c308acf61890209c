/**
 * Chakra's global styles for the app's system as CSS text, rendered at build time by Emotion in Node (the
 * `chakraGlobalStyles` build step, issue 24): the cascade layers' order, then the reset, the global CSS and every
 * token's CSS variable, exactly as ChakraProvider's `<Global>` elements would insert them in the browser.
 */
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { appSystem } from './theme.ts';

export function renderGlobalStyles(): string {
  const system = appSystem();
  const cache = createCache({ key: 'css' });
  // Compat mode keeps each inserted style's rules in `cache.inserted` (by name) instead of returning them.
  cache.compat = true;
  const css: string[] = [];
  for (const styles of [system.layers.atRule, system._global]) {
    const serialized = serializeStyles([styles], cache.registered);
    cache.insert('', serialized, cache.sheet, true);
    const rules = cache.inserted[serialized.name];
    if (typeof rules !== 'string') throw new Error('Emotion did not render Chakra’s global styles');
    css.push(rules);
  }
  return css.join('\n');
}

// Emotion names every styled element's class by hashing its whole serialized CSS (murmur2 in JavaScript), on every
// render. A Chakra button's recipe alone is 2-3 kB of CSS, and a screen repeats a few dozen distinct style strings
// hundreds of times: on a phone that hashing was a large share of each render (issue 24). The build points
// `@emotion/hash` here (vite.config.ts); the engine's own string hashing finds a repeated string at once.
import hashString from '@emotion/hash';

/** Enough for every distinct style of a long session; past it the memo starts again (memory stays bounded). */
const MAX_ENTRIES = 20_000;

const names = new Map<string, string>();

export default function memoizedStyleHash(styles: string): string {
  let name = names.get(styles);
  if (name === undefined) {
    if (names.size >= MAX_ENTRIES) names.clear();
    name = hashString(styles);
    names.set(styles, name);
  }
  return name;
}

import hashString from '@emotion/hash';
import { describe, expect, it } from 'vitest';
import memoizedStyleHash from './memoizedStyleHash';

// The build points Emotion's class-name hash here (issue 24): a class name must never change with the memo.
describe("Emotion's class-name hash, memoized", () => {
  it('names every style as Emotion does, the first time and again, past the memo size too', () => {
    const styles = Array.from(
      { length: 25_000 },
      (_, i) => `display:flex;gap:${i}px;color:var(--c-${i % 97});`,
    );
    for (const css of styles) expect(memoizedStyleHash(css)).toBe(hashString(css));
    for (const css of styles.slice(0, 50)) expect(memoizedStyleHash(css)).toBe(hashString(css));
    expect(memoizedStyleHash('')).toBe(hashString(''));
  });
});

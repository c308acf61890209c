import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once (the first screenful), then `step` more in each later
 * task, until all show (issue 24). A long list then costs a phone several short tasks after the first paint instead
 * of one long one before it: React renders, Chakra's styles are inserted and the browser lays out a few cards at a
 * time. `restartKey` (a page number, a search) starts from `first` again when the list is replaced.
 */
export function useProgressiveCount(
  total: number,
  first: number,
  step = first,
  restartKey?: unknown,
): number {
  const [state, setState] = useState({ key: restartKey, count: first });
  const count = state.key === restartKey ? state.count : first;
  if (state.key !== restartKey) setState({ key: restartKey, count: first });

  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(
      () => startTransition(() => setState((s) => ({ key: s.key, count: s.count + step }))),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [count, total, step]);

  return Math.min(count, total);
}
